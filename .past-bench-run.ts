import { benchPartitionsAndHistory } from '/work/wt/past/emulators/src/firestore/partition-history-bench.ts';
process.env.METADATA_SERVER_DETECTION = 'none';
const rows = await benchPartitionsAndHistory();
for (const r of rows) console.log(`${r.name}: ${r.value} ${r.unit} — ${r.note ?? ''}`);
process.exit(0);
