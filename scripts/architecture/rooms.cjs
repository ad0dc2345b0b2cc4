// @ts-check
/**
 * The rooms of docs/architecture.md, read from its table `| room | may import |`, turned into
 * dependency-cruiser rules (a room is a folder, or one file that several rooms share, such as the
 * vocabulary of a facade and its parts): the document is the rule, so the picture a reader sees is the one the
 * lint enforces. A file belongs to the deepest room whose folder holds it; an import from one room
 * into another room of the table that its row does not list fails as `room-imports-a-room-it-may-not`.
 * Rooms the table does not list are governed by the package rules alone.
 */
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const ARCHITECTURE = join(__dirname, '..', '..', 'docs', 'architecture.md');

/**
 * The table's rows: each room's folder and the folders it may import.
 * @param {string} markdown
 * @returns {Array<{ room: string, mayImport: string[] }>}
 */
function readRooms(markdown) {
  const lines = markdown.split('\n');
  const header = lines.findIndex((line) => /^\|\s*room\s*\|\s*may import\s*\|\s*$/.test(line.trim()));
  if (header < 0) throw new Error('docs/architecture.md has no "| room | may import |" table');
  const rows = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.trim().startsWith('|')) break;
    const [roomCell = '', importCell = ''] = line.trim().replace(/^\||\|$/g, '').split('|');
    const folders = (cell) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
    const [room] = folders(roomCell);
    if (!room || !/(\/|[.]tsx?)$/.test(room)) throw new Error(`docs/architecture.md: a room must be a folder ending in "/", or one file, in backticks: ${line}`);
    rows.push({ room, mayImport: folders(importCell) });
  }
  const known = new Set(rows.map((row) => row.room));
  for (const { room, mayImport } of rows) {
    for (const target of mayImport) {
      if (!known.has(target)) throw new Error(`docs/architecture.md: ${room} may import ${target}, which is not a room of the table`);
    }
  }
  return rows;
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One forbidden rule a room: its own files (not those of a room inside it) into any room of the
 * same package that its row does not list.
 * @param {Array<{ room: string, mayImport: string[] }>} rows
 * @param {string[]} testFiles patterns of files the rooms do not bind (tests, test support, benches)
 */
function roomRules(rows, testFiles) {
  const inside = (room) => rows.map((row) => row.room).filter((other) => other !== room && other.startsWith(room));
  /** The files of a room itself: its folder without the rooms inside it. */
  const own = (room) => {
    const nested = inside(room).map((other) => escape(other.slice(room.length)));
    return `${escape(room)}${nested.length > 0 ? `(?!${nested.join('|')})` : ''}`;
  };
  const packageOf = (room) => room.split('/').slice(0, 2).join('/');
  return rows.flatMap(({ room, mayImport }) => {
    const barred = rows
      .map((row) => row.room)
      .filter((other) => other !== room && packageOf(other) === packageOf(room) && !mayImport.includes(other));
    if (barred.length === 0) return [];
    return [{
      name: 'room-imports-a-room-it-may-not',
      comment: `${room} may import only ${mayImport.join(', ') || 'no other room'} (docs/architecture.md, "Rooms").`,
      severity: 'error',
      from: { path: `^${own(room)}`, pathNot: testFiles },
      to: { path: `^(?:${barred.map(own).join('|')})` },
    }];
  });
}

module.exports = { ARCHITECTURE, readRooms, roomRules, rooms: () => readRooms(readFileSync(ARCHITECTURE, 'utf8')) };
