// The texts of the shared UI pieces (components/ui).
export const uiTexts = {
  loading: 'লোড হচ্ছে…',
} as const;
