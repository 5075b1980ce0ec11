import Database from '/work/main/node_modules/better-sqlite3/lib/index.js';
const db = new Database(process.argv[2], { readonly: true });
const b = db.prepare('select block from record_search_data where id = 10').get().block;
let i = 4; const v = () => { let r = 0n, sh = 0n; for (;;) { const c = b[i++]; r |= BigInt(c & 0x7f) << sh; sh += 7n; if (!(c & 0x80)) break; } return Number(r); };
// sqlite4 varint actually: FTS5 uses sqlite3 varint (big-endian 7-bit groups)
i = 4; const sv = () => { let r = 0; for (let k = 0; k < 9; k++) { const c = b[i++]; if (k === 8) return r * 256 + c; r = r * 128 + (c & 0x7f); if (!(c & 0x80)) return r; } };
let v2 = false; if (b[4] === 0xff && b[5] === 0 && b[6] === 0 && b[7] === 1) { v2 = true; i = 8; }
const nLevel = sv(), nSeg = sv(), nWrite = sv();
const out = [];
for (let l = 0; l < nLevel; l++) { const nMerge = sv(), n = sv(); const segs = []; for (let s = 0; s < n; s++) { const id = sv(), f = sv(), last = sv(); if (v2) { sv(); sv(); sv(); sv(); const nE = sv(); if (nE) { sv(); sv(); } } segs.push(last - f + 1); } if (n) out.push(`L${l}${nMerge ? '(merging ' + nMerge + ')' : ''}: ${segs.join(',')}`); }
console.log(process.argv[2], 'levels', nLevel, 'segments', nSeg, 'v2', v2, '\n ', out.join('\n  '));
