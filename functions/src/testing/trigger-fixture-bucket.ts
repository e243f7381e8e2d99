/**
 * The bucket the trigger fixture's Storage triggers listen to (./trigger-fixture.ts), and its suite writes to:
 * not the shop's default bucket, whose uploads the shop's own functions take.
 */
export const TRIGGER_FIXTURE_BUCKET = 'demo-achar-shop-trigger-fixture';
