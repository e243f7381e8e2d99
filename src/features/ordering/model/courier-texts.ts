/**
 * The courier's words: what the dashboard and the functions say about a parcel. /orders takes only
 * `courierTrackingTexts` (a module of its own would be smaller still; these are few).
 */
export const courierTexts = {
  problems: {
    notPacked: 'শুধু প্রস্তুত (প্যাক করা) অর্ডার কুরিয়ারে বুক করা যায়।',
    badInvoice: 'এই অর্ডারের নম্বর কুরিয়ারের ইনভয়েস হিসেবে চলে না (শুধু ইংরেজি অক্ষর, অঙ্ক, - আর _)।',
    noName: 'অর্ডারে গ্রাহকের নাম নেই — আগে নাম দিন।',
    nameTooLong: (limit: string) => `কুরিয়ারে নাম সর্বোচ্চ ${limit} অক্ষর নেয় — নামটি ছোট করুন।`,
    noAddress: 'অর্ডারে ঠিকানা নেই — আগে ঠিকানা দিন।',
    addressTooLong: (length: string, limit: string) =>
      `ঠিকানা ${length} অক্ষরের — কুরিয়ার সর্বোচ্চ ${limit} অক্ষর নেয়। অর্ডারের ঠিকানা বদলে ছোট করুন, তারপর বুক করুন।`,
  },
  bookingFailed: (why: string) => `বুকিং হয়নি: ${why}`,
  failures: {
    timeout: 'কুরিয়ারের সার্ভার সময়মতো উত্তর দেয়নি। আবার চেষ্টা করুন।',
    unavailable: 'কুরিয়ারের সার্ভারে সমস্যা হচ্ছে। একটু পরে আবার চেষ্টা করুন।',
    badCredentials: 'কুরিয়ারের API key বা secret key ঠিক নেই — সেটিংস দেখুন।',
    notConfigured: 'কুরিয়ারের API key আর secret key এখনো দেওয়া হয়নি — সেটিংস দেখুন।',
    refused: (message: string) => `কুরিয়ার পার্সেলটি নেয়নি (${message})।`,
    inFlight: 'এই অর্ডারের বুকিং এখনই চলছে — এক মিনিট পরে দেখুন।',
    alreadyAtCourier:
      'কুরিয়ারের কাছে এই অর্ডারের পার্সেল আগেই আছে, কিন্তু তার কোড আসেনি — কুরিয়ারের পোর্টালে ইনভয়েস দিয়ে খুঁজে দেখুন।',
  },
  state: {
    in_review: 'কুরিয়ারে বুক হয়েছে (যাচাই চলছে)',
    pending: 'কুরিয়ারের পথে',
    hold: 'কুরিয়ারে আটকে আছে (হোল্ড)',
    delivered_approval_pending: 'সরবরাহ হয়েছে (কুরিয়ারের অনুমোদনের অপেক্ষা)',
    partial_delivered_approval_pending: 'আংশিক সরবরাহ (কুরিয়ারের অনুমোদনের অপেক্ষা)',
    cancelled_approval_pending: 'দরজায় বাতিল (কুরিয়ারের অনুমোদনের অপেক্ষা)',
    unknown_approval_pending: 'অজানা অবস্থা — কুরিয়ারকে ফোন করে জানুন',
    delivered: 'কুরিয়ার সরবরাহ করেছে',
    partial_delivered: 'আংশিক সরবরাহ — হিসাব মিলিয়ে নিন',
    cancelled: 'দরজায় বাতিল — পার্সেল ফেরত আসছে',
    unknown: 'অজানা অবস্থা — কুরিয়ারকে ফোন করে জানুন',
  },
  webhook: {
    badToken: 'Invalid token.',
    unknownParcel: 'Invalid consignment ID.',
    badPayload: 'Invalid payload.',
    received: 'Webhook received successfully.',
  },
} as const;
