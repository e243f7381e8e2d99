/**
 * The seller's own details, in one place: the footer, the page title and the contact block read them.
 * Change them here and nowhere else.
 */
export const shop = {
  name: 'কেরানীগঞ্জ আচার ঘর',
  nameLatin: 'Keraniganj Achar Ghor',
  proprietor: 'মোছাম্মৎ রোকসানা বেগম',
  address: 'জিনজিরা, কেরানীগঞ্জ, ঢাকা-১৩১০',
  phone: '01712-345678',
  phoneHref: 'tel:+8801712345678',
  email: 'hello@keraniganjachar.com.bd',
  website: 'https://keraniganjachar.com.bd',
  websiteLabel: 'keraniganjachar.com.bd',
  social: { label: 'facebook.com/keraniganjachar', href: 'https://facebook.com/keraniganjachar' },
} as const;
