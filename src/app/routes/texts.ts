// The texts of the app's own pages (the unknown path's 404).
export const routesTexts = {
  notFoundTitle: '৪০৪',
  notFoundText: 'Oops! Page not found',
  notFoundHint: 'দুঃখিত, আপনি যে পাতাটি খুঁজছেন তা পাওয়া যায়নি।',
  backHome: 'হোমে ফিরে যান',
} as const;
