import { describe, expect, it } from 'vitest';
import { compare, OVERLAP, positionOf, type Change } from './load-run.js';

// The load run's check of the server's rows against what the sessions say they saved.

const row = (id: string, token: number) => ({ id, geometry: positionOf(token), properties: { name: 'shared-0', population: token } });
let at = 0;
const update = (session: number, seen: number, token: number, status: Change['status'] = 'saved'): Change => ({
  session,
  kind: 'update',
  id: 'poi.47',
  seen: String(seen),
  token,
  status,
  at: (at += 10),
});
const initial = new Map([['poi.47', '100']]);

describe('the load run compares the rows with the saved writes', () => {
  it('takes a chain of saved writes, each on the one before, ending at the row', () => {
    expect(compare([row('poi.47', 102)], initial, [update(1, 100, 101), update(2, 101, 102)])).toEqual([]);
  });

  it('finds a saved write that the row lost, and one made on a token the chain had left', () => {
    expect(compare([row('poi.47', 101)], initial, [update(1, 100, 101), update(2, 101, 102)])).toEqual(['lost: poi.47 holds token 101, the last saved write wrote 102']);
    expect(compare([row('poi.47', 103)], initial, [update(1, 100, 101), update(2, 101, 102), update(3, 101, 103, 'saved'), update(4, 102, 104)])).toContainEqual(
      expect.stringMatching(/^overlap not reported: poi\.47, 2 saved writes made on token 101/),
    );
    expect(compare([row('poi.47', 102)], initial, [update(1, 100, 101), update(2, 101, 102), update(3, 105, 106)])).toEqual([
      'stale write saved: poi.47, update by session 3 made on token 105, not the current one',
    ]);
  });

  it('follows a write of unknown outcome where the chain runs on from it', () => {
    expect(compare([row('poi.47', 103)], initial, [update(1, 100, 101), update(2, 101, 102, 'unknown'), update(3, 102, 103)])).toEqual([]);
  });

  it('counts a write of unknown outcome made on the token a saved write was made on as an overlap, not a loss', () => {
    // Session 2 checked poi.47 at 100 and sent 200; session 1's 101 and 102 committed meanwhile,
    // then session 2's 200 over them (its answer lost). Session 3 wrote on 200; session 2, told of
    // the conflict, kept its 200 over session 3's 300.
    const changes = [update(1, 100, 101), update(1, 101, 102), update(2, 100, 200, 'unknown'), update(3, 200, 300), update(2, 300, 200)];
    const problems = compare([row('poi.47', 200)], initial, changes);
    expect(problems).toEqual([
      `${OVERLAP}poi.47, a write of unknown outcome (update by session 2 at ${changes[2]?.at} ms) and 1 saved made on token 100 (update by session 1 at ${changes[0]?.at} ms)`,
    ]);
    // Still a value no saved write wrote is found.
    expect(compare([row('poi.47', 999)], initial, changes)).toContainEqual('unsaved value stored: poi.47 holds token 999, which no saved write wrote');
  });
});
