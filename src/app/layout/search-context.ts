import { useOutletContext } from 'react-router-dom';

/** The header's search box and the products grid share this through the router outlet. */
export interface StorefrontSearch {
  searchTerm: string;
  setSearchTerm: (term: string) => void;
}

export function useStorefrontSearch(): StorefrontSearch {
  return useOutletContext<StorefrontSearch>();
}
