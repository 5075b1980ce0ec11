const D = require('/work/main/node_modules/better-sqlite3');
const db = new D(process.argv[2] + '/cornerstone.db');
if (process.argv[3] !== undefined) db.exec(`insert into record_search (record_search, rank) values ('automerge', ${Number(process.argv[3])})`);
if (process.argv[4] !== undefined) db.exec(`insert into record_search (record_search, rank) values ('usermerge', ${Number(process.argv[4])})`);
console.log(db.prepare('select * from record_search_config').all());
db.close();
