/**
 * Every Bengali string the UI shows, in one place. Sections are owned by the feature that shows them.
 * Texts quoted in SPEC.md are kept letter for letter.
 */
export const bn = {
  common: {},
  storefront: {},
  auth: {},
  ordering: {},
  admin: {},
} as const;
