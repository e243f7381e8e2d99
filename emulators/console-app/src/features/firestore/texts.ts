import { defineTexts } from '../../i18n/texts';
import { formatCount as num } from '../../lib/format';

export const firestoreTexts = defineTexts({
  title: { bn: 'Firestore', en: 'Firestore' },
  goToPlaceholder: { bn: 'পাথে যান, যেমন orders/o1', en: 'Go to a path, e.g. orders/o1' },
  goToLabel: { bn: 'পাথ', en: 'Path' },
  go: { bn: 'যান', en: 'Go' },
  root: { bn: 'root', en: 'root' },
  collections: { bn: 'কালেকশন', en: 'Collections' },
  noData: { bn: 'এখনো কোনো ডেটা নেই।', en: 'No data yet.' },
  query: {
    field: { bn: 'ফিল্ড', en: 'Field' },
    /** The first condition's labels have no number (there is usually one). */
    fieldLabel: {
      bn: (n: number) => `ফিল্টারের ফিল্ড${n > 1 ? ` ${num(n)}` : ''}`,
      en: (n: number) => `Filter field${n > 1 ? ` ${num(n)}` : ''}`,
    },
    operator: {
      bn: (n: number) => `অপারেটর${n > 1 ? ` ${num(n)}` : ''}`,
      en: (n: number) => `Operator${n > 1 ? ` ${num(n)}` : ''}`,
    },
    value: { bn: 'মান', en: 'Value' },
    valueLabel: {
      bn: (n: number) => `ফিল্টারের মান${n > 1 ? ` ${num(n)}` : ''}`,
      en: (n: number) => `Filter value${n > 1 ? ` ${num(n)}` : ''}`,
    },
    addFilter: { bn: '+ শর্ত (where)', en: '+ condition (where)' },
    removeFilter: {
      bn: (n: number) => `${num(n)} নম্বর শর্ত বাদ দিন`,
      en: (n: number) => `Remove condition ${num(n)}`,
    },
    indexNeeded: {
      bn: 'এই কোয়েরির জন্য একটি composite index লাগবে। deploy করা অ্যাপেও কোয়েরিটি এভাবেই ব্যর্থ হবে:',
      en: 'This query needs a composite index. The deployed app fails the same way:',
    },
    indexDeclare: {
      bn: 'firestore.indexes.json-এর “indexes”-এ এটি যোগ করুন (আর deploy করুন):',
      en: 'Add this to "indexes" in firestore.indexes.json (and deploy it):',
    },
    orderBy: { bn: 'ক্রম (ফিল্ড)', en: 'Order by (field)' },
    orderByLabel: { bn: 'যে ফিল্ডে সাজানো', en: 'Field to order by' },
    direction: { bn: 'দিক', en: 'Direction' },
    ascending: { bn: 'ছোট→বড়', en: 'ascending' },
    descending: { bn: 'বড়→ছোট', en: 'descending' },
    limit: { bn: 'সীমা', en: 'Limit' },
    run: { bn: 'চালান', en: 'Run' },
    reset: { bn: 'রিসেট', en: 'Reset' },
    hint: {
      bn: 'মান JSON হিসেবে পড়া যায় তো JSON (12, true, null, ["a","b"]), নইলে লেখা (string)।',
      en: 'A value that reads as JSON is JSON (12, true, null, ["a","b"]), anything else a string.',
    },
    badLimit: {
      bn: 'সীমা ০-এর বেশি একটি পূর্ণসংখ্যা হতে হবে।',
      en: 'The limit must be a whole number above 0.',
    },
    noField: {
      bn: 'কোন ফিল্ডে ফিল্টার করবেন, তার নাম লিখুন।',
      en: 'Write the name of the field to filter on.',
    },
  },
  noDocuments: { bn: 'কোনো ডকুমেন্ট নেই।', en: 'No documents.' },
  previous: { bn: 'আগের পাতা', en: 'Previous page' },
  next: { bn: 'পরের পাতা', en: 'Next page' },
  page: { bn: (n: number) => `পাতা ${num(n)}`, en: (n: number) => `Page ${num(n)}` },
  newIdPlaceholder: {
    bn: 'ডকুমেন্ট id (খালি রাখলে নিজে তৈরি হবে)',
    en: 'Document id (empty: one is generated)',
  },
  newIdLabel: { bn: 'ডকুমেন্ট id', en: 'Document id' },
  firstField: { bn: 'প্রথম ফিল্ড:', en: 'First field:' },
  idWithSlash: {
    bn: 'ডকুমেন্ট id-তে “/” থাকতে পারে না। কিছুই তৈরি হয়নি।',
    en: 'A document id cannot contain "/". Nothing was created.',
  },
  addDocument: { bn: 'ডকুমেন্ট যোগ করুন', en: 'Add document' },
  addAsJson: { bn: 'JSON হিসেবে লিখুন', en: 'Write as JSON' },
  addOneField: { bn: 'একটি ফিল্ড দিয়ে শুরু করুন', en: 'Start with one field' },
  editAsJson: { bn: 'JSON হিসেবে সম্পাদনা', en: 'Edit as JSON' },
  jsonLabel: { bn: 'ডকুমেন্ট (JSON)', en: 'Document (JSON)' },
  missing: {
    bn: 'এই ডকুমেন্টটি নেই, কিন্তু এর নিচে সাব-কালেকশন আছে',
    en: 'This document does not exist, but it has sub-collections below it',
  },
  deleteCollection: { bn: 'কালেকশনটি সবসহ মুছুন', en: 'Delete the collection with everything in it' },
  deleteTree: { bn: 'নিচের সবসহ মুছুন', en: 'Delete with everything below' },
  confirmDeleteTree: {
    bn: (path: string, count: number) =>
      `/${path} আর তার নিচের সব মিলিয়ে ${num(count)}টি ডকুমেন্ট মুছবেন? এটি আর ফেরানো যাবে না।`,
    en: (path: string, count: number) =>
      `Delete /${path} and everything below it, ${num(count)} documents in all? This cannot be undone.`,
  },
  deletedTree: {
    bn: (path: string, count: number) => `/${path}: ${num(count)}টি ডকুমেন্ট মোছা হয়েছে।`,
    en: (path: string, count: number) => `/${path}: ${num(count)} documents deleted.`,
  },
  nothingToDelete: { bn: 'মোছার মতো কিছু নেই।', en: 'Nothing to delete.' },
  deleteDocument: { bn: 'ডকুমেন্ট মুছুন', en: 'Delete document' },
  confirmDeleteDocument: {
    bn: (path: string) => `/${path} ডকুমেন্টটি মুছবেন? এর সাব-কালেকশনগুলো থেকে যাবে।`,
    en: (path: string) => `Delete the document /${path}? Its sub-collections stay.`,
  },
  confirmDeleteField: {
    bn: (field: string, path: string) => `/${path}-এর “${field}” ফিল্ডটি মুছবেন?`,
    en: (field: string, path: string) => `Delete the field "${field}" of /${path}?`,
  },
  missingDocument: {
    bn: 'এই ডকুমেন্টটি নেই (মুছে ফেলা হয়েছে, বা কখনো তৈরি হয়নি)।',
    en: 'This document does not exist (deleted, or never created).',
  },
  updated: { bn: (when: string) => `আপডেট: ${when}`, en: (when: string) => `Updated: ${when}` },
  addField: { bn: 'ফিল্ড যোগ করুন', en: 'Add field' },
  subcollections: { bn: 'সাব-কালেকশন', en: 'Sub-collections' },
  none: { bn: 'নেই', en: 'None' },
});

export const editorTexts = defineTexts({
  fieldName: { bn: 'ফিল্ডের নাম', en: 'Field name' },
  type: { bn: 'ধরন', en: 'Type' },
  value: { bn: 'মান', en: 'Value' },
  needsName: { bn: 'ফিল্ডের একটি নাম দিন।', en: 'Give the field a name.' },
  /** The type names Firestore uses stay, with a Bengali word first. */
  types: {
    string: { bn: 'লেখা (string)', en: 'string' },
    integer: { bn: 'পূর্ণসংখ্যা (integer)', en: 'integer' },
    double: { bn: 'দশমিক সংখ্যা (double)', en: 'double' },
    boolean: { bn: 'হ্যাঁ/না (boolean)', en: 'boolean' },
    null: { bn: 'ফাঁকা (null)', en: 'null' },
    timestamp: { bn: 'সময় (timestamp)', en: 'timestamp' },
    reference: { bn: 'রেফারেন্স (reference)', en: 'reference' },
    geopoint: { bn: 'ভৌগোলিক অবস্থান (geopoint)', en: 'geopoint' },
    map: { bn: 'ম্যাপ (map)', en: 'map' },
    array: { bn: 'তালিকা (array)', en: 'array' },
  },
  notWholeNumber: {
    bn: (text: string) => `“${text}” পূর্ণসংখ্যা নয়।`,
    en: (text: string) => `"${text}" is not a whole number.`,
  },
  outOfRange: {
    bn: (text: string) => `${text} 64-bit পূর্ণসংখ্যার সীমার বাইরে।`,
    en: (text: string) => `${text} is outside the range of a 64-bit integer.`,
  },
  notNumber: {
    bn: (text: string) => `“${text}” কোনো সংখ্যা নয়।`,
    en: (text: string) => `"${text}" is not a number.`,
  },
  notBoolean: { bn: 'boolean মান হয় true, নয় false।', en: 'A boolean is either true or false.' },
  notTimestamp: {
    bn: (text: string) => `“${text}” কোনো তারিখ ও সময় নয় (যেমন 2026-11-22 18:30)।`,
    en: (text: string) => `"${text}" is not a date and time (e.g. 2026-11-22 18:30).`,
  },
  notReference: {
    bn: (text: string) => `“${text}” কোনো ডকুমেন্টের পাথ নয় (collection/id, যেমন products/p1)।`,
    en: (text: string) => `"${text}" is not a document path (collection/id, e.g. products/p1).`,
  },
  notGeopoint: {
    bn: 'geopoint লেখা হয় “অক্ষাংশ, দ্রাঘিমাংশ”, যেমন 23.7, 90.4।',
    en: 'A geopoint is written "latitude, longitude", e.g. 23.7, 90.4.',
  },
  geopointRange: {
    bn: 'অক্ষাংশ ±90 আর দ্রাঘিমাংশ ±180-এর মধ্যে হতে হবে।',
    en: 'The latitude must be within ±90 and the longitude within ±180.',
  },
  notJson: {
    bn: (type: string) => `${type} টি বৈধ JSON নয়।`,
    en: (type: string) => `The ${type} is not valid JSON.`,
  },
  notArray: { bn: 'array লেখা হয় [ … ] এভাবে।', en: 'An array is written [ … ].' },
  notMap: { bn: 'map লেখা হয় { "key": value, … } এভাবে।', en: 'A map is written { "key": value, … }.' },
  jsonAt: {
    bn: (where: string, reason: string) => `${where}: ${reason}`,
    en: (where: string, reason: string) => `${where}: ${reason}`,
  },
  unsafeInteger: {
    bn: 'এত বড় পূর্ণসংখ্যা JSON-এ হুবহু থাকে না: { "$integer": "…" } লিখুন।',
    en: 'A whole number this large is not exact in JSON: write { "$integer": "…" }.',
  },
  notBase64: {
    bn: 'bytes লেখা হয় base64-এ, যেমন { "$bytes": "aGk=" }।',
    en: 'Bytes are written in base64, e.g. { "$bytes": "aGk=" }.',
  },
  notJsonAt: {
    bn: (reason: string) => `লেখাটি বৈধ JSON নয়: ${reason}`,
    en: (reason: string) => `The text is not valid JSON: ${reason}`,
  },
  documentNotObject: {
    bn: 'ডকুমেন্ট লেখা হয় একটি JSON অবজেক্ট হিসেবে: { "field": value, … }।',
    en: 'A document is written as one JSON object: { "field": value, … }.',
  },
  typedJsonHint: {
    bn: 'যে ধরন JSON-এ নেই: { "$timestamp": "2026-11-22T12:30:00Z" }, { "$reference": "products/p1" }, { "$geopoint": [23.8, 90.4] }, { "$bytes": "base64" }, { "$double": 12 }।',
    en: 'Types JSON lacks: { "$timestamp": "2026-11-22T12:30:00Z" }, { "$reference": "products/p1" }, { "$geopoint": [23.8, 90.4] }, { "$bytes": "base64" }, { "$double": 12 }.',
  },
});
