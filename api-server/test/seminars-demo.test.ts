import { sql } from 'kysely';
import {
  attendedSeminarsResponseSchema,
  audienceChangeResponseSchema,
  seminarListResponseSchema,
} from 'shared-contracts/engagement';
import { describeDemoData } from './support/harness';

/**
 * The seminars demo data (SEED_DEMO): types, seminars dated around today in every status, their
 * audiences (a waiting list on the full open seminar, attendance on the held ones), consistent
 * queue positions, and the API reading them (list, the family panel, a new registration).
 */
describeDemoData('seminars demo data', ['show_seminars'], (h, viewer) => {
  test('types, seminars in every status, audiences with a waiting list and attendance', async () => {
    const types = await h.db
      .selectFrom('seminar_types')
      .select(['name', 'active'])
      .orderBy('id')
      .execute();
    expect(types).toHaveLength(5);
    expect(types.filter((type) => !type.active)).toHaveLength(1);
    const list = seminarListResponseSchema.parse(
      (
        await h.request('GET', '/api/seminars', { token: viewer.token, query: { per_page: '50' } })
      ).json(),
    );
    expect(new Set(list.data.map((row) => row.status))).toEqual(
      new Set(['planned', 'open', 'closed', 'held', 'cancelled']),
    );
    const full = list.data.find((row) => row.status === 'open' && row.waiting_count > 0);
    expect(full).toMatchObject({ capacity: 12, registered_count: 12, waiting_count: 3 });
    for (const held of list.data.filter((row) => row.status === 'held')) {
      expect(held.attended_count).toBeGreaterThan(0);
      const unmarked = await h.db
        .selectFrom('seminar_audience')
        .select('id')
        .where('seminar_id', '=', held.id)
        .where('state', '=', 'registered')
        .where('attendance', 'is', null)
        .execute();
      expect(unmarked).toEqual([]);
    }
    // Queue positions run 1..n in every seminar, and `last_position` is the last of them.
    const gaps = await sql<{ id: number }>`
      select s.id from seminars s
      where s.last_position <> (select count(*) from seminar_audience a where a.seminar_id = s.id)
         or exists (select 1 from seminar_audience a where a.seminar_id = s.id and a.position > s.last_position)`.execute(
      h.db,
    );
    expect(gaps.rows).toEqual([]);
  });

  test('a new guest joins the annual meeting after its demo audience; a family panel lists what its members attended', async () => {
    const list = seminarListResponseSchema.parse(
      (
        await h.request('GET', '/api/seminars', {
          token: viewer.token,
          query: { search: 'لقاء الاسر المستفيده' },
        })
      ).json(),
    );
    const meeting = list.data[0];
    expect(meeting?.status).toBe('open');
    const response = await h.request('POST', `/api/seminars/${meeting?.id}/audience`, {
      token: viewer.token,
      body: { kind: 'guest', guest_name: 'ضيف جديد', guest_phone: '0500000199' },
    });
    expect(response.statusCode).toBe(201);
    const answer = audienceChangeResponseSchema.parse(response.json());
    // The new entry inside the usual `{ data }` envelope; the earlier field beside it, one release.
    expect(answer.data.entry?.state).toBe('registered');
    expect(answer.data.entries.map((entry) => entry.id)).toContain(answer.data.entry?.id);
    expect(answer.entry).toEqual(answer.data.entry);

    const attended = await h.db
      .selectFrom('seminar_audience')
      .select('family_id')
      .where('attendance', '=', 'attended')
      .where('family_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const panel = attendedSeminarsResponseSchema.parse(
      (
        await h.request('GET', '/api/seminars/attended', {
          token: viewer.token,
          query: { family_id: String(attended.family_id) },
        })
      ).json(),
    );
    expect(panel.data.length).toBeGreaterThan(0);
  });
});
