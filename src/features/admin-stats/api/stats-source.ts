import { createContext, useContext } from 'react';
import { useOrderStats } from './order-stats';
import { useStockedProducts } from './stock-products';

/** Where the Statistics tab reads from: the live roll-ups, and the products with the fewest jars. */
const statsSource = { useOrderStats, useStockedProducts };
type StatsSource = typeof statsSource;

/**
 * The tab takes its hooks from here: the app never provides them (the default is Firestore); a component test
 * provides its own, so it replaces no module and shares the web tests' module graph. A provider's value must not
 * change while the tab is shown (they are hooks).
 */
const StatsSourceContext = createContext<StatsSource>(statsSource);
export const StatsSourceProvider = StatsSourceContext.Provider;

export function useStatsSource(): StatsSource {
  return useContext(StatsSourceContext);
}
