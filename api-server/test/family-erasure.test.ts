import { sql } from 'kysely';
import { z } from 'zod';
import { REASON_REQUIRED_MESSAGE, todayIso } from 'shared-contracts';
import {
  ANONYMISED_FAMILY_NAME,
  ANONYMISED_MEMBER_NAME,
  FAMILY_ERASURE_MESSAGES as M,
} from 'shared-contracts/resources/family-erasure-contracts';
import {
  approvedFamily,
  BENEFICIARY_KEYS,
  createFamily,
  familyOf,
  mobileFor,
  nextSerial,
  type CreatedFamily,
} from './support/beneficiaries';
import { pdf, upload } from './support/documents';
import { describeEachDatabase, type TestHarness } from './support/harness';
import { insertSeason } from './support/report-fixtures';

/** Every base table's rows as text, searched for each needle: the places that still hold it. */
async function tablesHolding(h: TestHarness, needles: readonly string[]): Promise<string[]> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(h.db);
  const found: string[] = [];
  for (const { name } of tables) {
    const { rows } = await sql<{
      row: string;
    }>`select t::text as row from ${sql.table(name)} t`.execute(h.db);
    for (const needle of needles)
      if (rows.some((row) => row.row.includes(needle))) found.push(`${name}: ${needle}`);
  }
  return found;
}

/** docs/personal-data.md#erasure: anonymising a family destroys its personal data for good. */
describeEachDatabase('family erasure', (h) => {
  let admin = '';
  let officer = '';
  let researcher = '';

  const anonymise = (id: number, body: unknown, token = officer) =>
    h.request('POST', `/api/families/${id}/anonymise`, { token, body });

  beforeAll(async () => {
    admin = await h.adminToken();
    officer = (await h.createEmployee({ permissions: ['show_families', 'anonymise_families'] }))
      .token;
    researcher = (await h.createEmployee({ permissions: BENEFICIARY_KEYS })).token;
  });

  test('401 without a session, 403 without the key, 404 for a missing family', async () => {
    const family = await createFamily(h, researcher);
    const body = { reason: 'طلب محو من صاحب البيانات', file_number: family.file_number };
    expect(
      (await h.request('POST', `/api/families/${family.id}/anonymise`, { body })).statusCode,
    ).toBe(401);
    expect((await anonymise(family.id, body, researcher)).statusCode).toBe(403);
    const missing = await anonymise(999999, body);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(M.notFound);
  });

  test('422 in Arabic for a wrong file number or no reason; nothing changes', async () => {
    const family = await createFamily(h, researcher);
    const wrong = await anonymise(family.id, { reason: 'طلب محو', file_number: 'F-0000-0' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      message: M.fileNumberMismatch,
      errors: { file_number: [M.fileNumberMismatch] },
    });
    const noReason = await anonymise(family.id, { file_number: family.file_number });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual([REASON_REQUIRED_MESSAGE]);
    const row = await h.db
      .selectFrom('families')
      .select(['head_name', 'anonymised_at'])
      .where('id', '=', family.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ head_name: 'خالد سعد محمد الحربي', anonymised_at: null });
  });

  test('the activity log stays append-only outside an erasure', async () => {
    const family = await createFamily(h, researcher);
    await expect(
      sql`update activity_log set changes = null where family_id = ${family.id}`.execute(h.db),
    ).rejects.toThrow(/append-only/);
    // Naming the family in the setting is not enough: it was not anonymised by this transaction.
    await expect(
      h.db.transaction().execute(async (trx) => {
        await sql`select set_config('ataa.erase_family', ${String(family.id)}, true)`.execute(trx);
        await sql`select activity_log_erase_family(${family.id})`.execute(trx);
      }),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`delete from activity_log where family_id = ${family.id}`.execute(h.db),
    ).rejects.toThrow(/append-only/);
    // Even in the state an erasure leaves, another family's rows take nothing but the erasure's
    // own rewrite: not an arbitrary label, not arbitrary changes.
    const bystander = await createFamily(h, researcher);
    for (const change of [
      sql`update activity_log set entity_label = 'أي نص' where family_id = ${bystander.id}`,
      sql`update activity_log set changes = '{}'::jsonb where family_id = ${bystander.id}`,
    ])
      await expect(
        h.db.transaction().execute(async (trx) => {
          await sql`update families set anonymised_at = now() where id = ${family.id}`.execute(trx);
          await sql`select set_config('ataa.erase_family', ${String(family.id)}, true)`.execute(
            trx,
          );
          await change.execute(trx);
        }),
      ).rejects.toThrow(/append-only/);
    // The report archives too: frozen, but for an erasure's rewrite of the family's rows.
    const archived = await h.request('POST', '/api/reports/family-needs/archives', {
      token: admin,
      body: { from: todayIso(), to: todayIso() },
    });
    expect(archived.statusCode).toBe(201);
    const archiveId = archived.json<{ data: { id: number } }>().data.id;
    await expect(
      sql`update report_archives set title = 'تقرير' where id = ${archiveId}`.execute(h.db),
    ).rejects.toThrow(/immutable/);
    await expect(
      h.db.transaction().execute(async (trx) => {
        await sql`select set_config('ataa.erase_family', ${String(family.id)}, true)`.execute(trx);
        await sql`update report_archives
          set snapshot = report_archive_erase_family(snapshot, ${family.id})
          where id = ${archiveId}`.execute(trx);
      }),
    ).rejects.toThrow(/immutable/);
    await expect(
      h.db.transaction().execute(async (trx) => {
        await sql`update families set anonymised_at = now() where id = ${family.id}`.execute(trx);
        await sql`select set_config('ataa.erase_family', ${String(family.id)}, true)`.execute(trx);
        await sql`update report_archives set snapshot = '{}'::jsonb where id = ${archiveId}`.execute(
          trx,
        );
      }),
    ).rejects.toThrow(/immutable/);
  });

  test('a family with everything recorded about it: nothing of its personal data remains', async () => {
    const n = nextSerial();
    const phone = mobileFor(n);
    const memberPhone = mobileFor(n + 7);
    const body = familyOf(
      { full_name: 'مرزوق عبدالودود الشمري', gender: 'male', birth_date: '1979-06-15' },
      [
        {
          full_name: 'نوف مرزوق الشمري',
          relationship: 'daughter',
          gender: 'female',
          birth_date: '2010-03-04',
          health_status: 'chronic_illness',
          phone: memberPhone,
        },
        // Moves to the other family before the erasure: her data is that family's from then on.
        {
          full_name: 'سلمى خالد العتيبي',
          relationship: 'daughter',
          gender: 'female',
          birth_date: '2005-08-09',
        },
      ],
      {
        primary_phone: phone,
        address: 'حي الوادي شارع عبدالودود',
        notes: 'ملاحظة عن مرزوق',
        categories: ['low_income', 'chronic_illness'],
        needs: [
          { need_type: 'food', priority: 'high' },
          { need_type: 'medical', priority: 'high' },
        ],
      },
    );
    const family = await approvedFamily(h, admin, body);
    const head = body.head as { national_id: string };
    const salma = family.members.find((m) => m.full_name === 'سلمى خالد العتيبي');
    const ids = [
      head.national_id,
      ...family.members.filter((m) => m !== salma).map((m) => m.national_id ?? ''),
    ].filter((id) => id !== '');
    const localPhone = phone.slice(2);
    // A second family stays as it was, but for a son who joins this family before the erasure:
    // he is one of its members then, so his earlier membership there is erased too.
    const joinerPhone = mobileFor(n + 9);
    const other: CreatedFamily = await createFamily(
      h,
      researcher,
      familyOf({ full_name: 'خالد سعد محمد الحربي', gender: 'male', birth_date: '1970-02-03' }, [
        {
          full_name: 'حمدان خالد الحربي',
          relationship: 'son',
          gender: 'male',
          birth_date: '2001-05-06',
          phone: joinerPhone,
        },
      ]),
    );
    const joiner = other.members.find((m) => m.full_name === 'حمدان خالد الحربي');
    const needles = [
      'مرزوق',
      'عبدالودود',
      'حمدان',
      ...ids,
      joiner?.national_id ?? 'missing',
      localPhone,
      memberPhone.slice(2),
      joinerPhone.slice(2),
    ];

    // Status history with a reason, a visit with notes, a consent with a witness, a document.
    const post = (url: string, payload: unknown) =>
      h.request('POST', `/api${url}`, { token: admin, body: payload });
    // A member's move: the other family's timeline names this family's head.
    const moved = await post(`/family-members/${salma?.id ?? 0}/move`, {
      to_family_id: other.id,
      relationship: 'daughter',
      reason: 'انتقلت إلى بيت خالها بعد سفر مرزوق',
    });
    expect(moved.statusCode).toBe(200);
    const joined = await post(`/family-members/${joiner?.id ?? 0}/move`, {
      to_family_id: family.id,
      relationship: 'son',
      reason: 'انضم حمدان إلى أسرة مرزوق',
    });
    expect(joined.statusCode).toBe(200);
    expect(
      (await post(`/families/${family.id}/status`, { status: 'suspended', reason: 'سافر مرزوق' }))
        .statusCode,
    ).toBe(200);
    expect((await post(`/families/${family.id}/status`, { status: 'approved' })).statusCode).toBe(
      200,
    );
    const visit = await post(`/families/${family.id}/visits`, {
      planned_date: todayIso(),
      purpose: 'follow_up',
      researcher_id: (await h.db.selectFrom('employees').select('id').executeTakeFirstOrThrow()).id,
    });
    expect(visit.statusCode).toBe(201);
    const visitId = visit.json<{ data: { id: number } }>().data.id;
    const visited = await h.request('PUT', `/api/visits/${visitId}`, {
      token: admin,
      body: {
        planned_date: todayIso(),
        researcher_id: visit.json<{ data: { researcher: { id: number } } }>().data.researcher.id,
        purpose: 'follow_up',
        outcome: 'visited',
        visited_on: todayIso(),
        notes: 'زوجة مرزوق مريضة',
        health_needs_seen: 'some',
      },
    });
    expect(visited.statusCode).toBe(200);
    expect(
      (
        await post(`/families/${family.id}/consents`, {
          purpose: 'media',
          method: 'verbal_witnessed',
          given_on: todayIso(),
          witness_name: 'عبدالودود الشاهد',
          note: 'وافق مرزوق',
        })
      ).statusCode,
    ).toBe(201);
    const shared = pdf();
    const document = await upload(h, `families/${family.id}`, {
      token: admin,
      kind: 'lease',
      file: pdf(),
      fileName: 'عقد مرزوق.pdf',
    });
    expect(document.statusCode).toBe(201);
    const documentId = document.json<{ data: { id: number } }>().data.id;
    // The same content held by the other family's document stays in the store.
    const keep = await upload(h, `families/${other.id}`, {
      token: admin,
      kind: 'lease',
      file: shared,
      fileName: 'عقد.pdf',
    });
    const mine = await upload(h, `families/${family.id}`, {
      token: admin,
      kind: 'lease',
      file: shared,
      fileName: 'عقد عبدالودود.pdf',
    });
    expect([keep.statusCode, mine.statusCode]).toEqual([201, 201]);

    // A service and a financial record, with notes.
    const departmentId = (await post('/service-departments', { name: 'إدارة التجهيل' })).json<{
      data: { id: number };
    }>().data.id;
    const axisId = (await post('/service-axes', { name: 'محور التجهيل' })).json<{
      data: { id: number };
    }>().data.id;
    const typeId = (
      await post('/service-types', {
        name: 'سلة التجهيل',
        department_id: departmentId,
        axis_id: axisId,
        default_cost: 300,
      })
    ).json<{ data: { id: number } }>().data.id;
    const service = await post('/services', {
      service_type_id: typeId,
      family_id: family.id,
      request_date: todayIso(),
      details: 'سلة لمرزوق',
    });
    expect(service.statusCode).toBe(201);
    const categories = (
      await h.request('GET', '/api/financial-categories', {
        token: admin,
        query: { per_page: '50' },
      })
    ).json<{ data: { id: number; code: string | null }[] }>().data;
    const categoryId = categories.find((c) => c.code === 'zakat_disbursement')?.id;
    const record = await post('/financial-records', {
      direction: 'expense',
      amount: '845.25',
      occurred_on: todayIso(),
      category_id: categoryId,
      payment_method: 'bank_transfer',
      reference_number: 'TRX-5521',
      family_id: family.id,
      notes: 'صرف لمرزوق عبدالودود',
    });
    expect(record.statusCode).toBe(201);

    // A survey of a season the family is enrolled in, answered with free text naming the head.
    const seasonId = await insertSeason(h.db, {
      name: 'موسم التجهيل',
      kind: 'ramadan_basket',
      hijri_year: 1448,
      start_date: '2026-02-01',
      end_date: '2026-03-10',
      statuses: ['approved'],
    });
    await h.db
      .insertInto('season_beneficiaries')
      .values({
        season_id: seasonId,
        family_id: family.id,
        status: 'enrolled',
        voucher_code: 'V-ERASE',
      })
      .execute();
    const surveyTypeId = (await post('/survey-types', { name: 'رضا التجهيل' })).json<{
      data: { id: number };
    }>().data.id;
    const template = (
      await post('/survey-templates', {
        title: 'استبيان التجهيل',
        purpose: 'satisfaction',
        target: 'family',
        questions: [
          { key: 'satisfaction', label: 'ما مدى رضاك؟', type: 'rating', required: true },
          { key: 'comment', label: 'ملاحظاتك', type: 'long_text', required: true },
        ],
      })
    ).json<{ data: { id: number } }>().data;
    const published = await post(`/survey-templates/${template.id}/publish`, {});
    expect(published.statusCode).toBe(200);
    const versionId = published.json<{ data: { current_version: { id: number } } }>().data
      .current_version.id;
    const survey = await post('/surveys', {
      title: 'استبيان موسم التجهيل',
      survey_type_id: surveyTypeId,
      template_version_id: versionId,
      group_kind: 'season',
      group_id: seasonId,
      starts_on: '2026-03-01',
      ends_on: '2099-12-31',
    });
    expect(survey.statusCode).toBe(201);
    const rate = await post(`/surveys/${survey.json<{ data: { id: number } }>().data.id}/rates`, {
      family_id: family.id,
      answers: { satisfaction: 4, comment: 'شكرًا من مرزوق عبدالودود' },
    });
    expect(rate.statusCode).toBe(201);

    const ledger = async (query: Record<string, string> = {}) =>
      (await h.request('GET', '/api/financial-records', { token: admin, query })).json<{
        totals: unknown;
      }>().totals;
    const servicesOf = async () =>
      (
        await h.request('GET', '/api/services', {
          token: admin,
          query: { 'filter[family_id]': String(family.id) },
        })
      ).json<{ data: { id: number; cost: string | null; status: string }[] }>().data;
    // A report's figures (today's services report; it names no one in its totals).
    const servicesReport = async () =>
      (
        await h.request('GET', '/api/reports/services', {
          token: admin,
          query: { from: todayIso(), to: todayIso() },
        })
      ).json<{ data: { totals: unknown; by_type: unknown } }>().data;
    const report = async () => {
      const { totals, by_type } = await servicesReport();
      return { totals, by_type };
    };
    expect((await report()).totals).toMatchObject({ requested: 1 });
    const before = {
      report: await report(),
      all: await ledger(),
      family: await ledger({ 'filter[family_id]': String(family.id) }),
      services: (await servicesOf()).map((s) => [s.id, s.cost, s.status]),
    };
    // Reports archived before the erasure: their rows name the family and its members.
    const archives: Record<string, number> = {};
    for (const kind of ['medical', 'family-needs', 'financial-services', 'services']) {
      const archived = await post(`/reports/${kind}/archives`, {
        from: todayIso(),
        to: todayIso(),
      });
      expect([kind, archived.statusCode]).toEqual([kind, 201]);
      archives[kind] = archived.json<{ data: { id: number } }>().data.id;
    }
    const archivedFigures = async () => {
      const figures: Record<string, unknown> = {};
      for (const [kind, id] of Object.entries(archives)) {
        const shown = await h.request('GET', `/api/reports/${kind}/archives/${id}`, {
          token: admin,
        });
        const data = shown.json<{ data: { row_count: number; snapshot: { totals: unknown } } }>()
          .data;
        figures[kind] = { row_count: data.row_count, totals: data.snapshot.totals };
      }
      return figures;
    };
    const figuresBefore = await archivedFigures();
    // What jobs leave: a bulk action's refused family and an import's row matching the family.
    const adminId = (await h.db.selectFrom('employees').select('id').executeTakeFirstOrThrow()).id;
    await h.db
      .insertInto('bulk_actions')
      .values({
        resource: 'families',
        action: 'change_status',
        input: JSON.stringify({ status: 'approved' }),
        ids: JSON.stringify([family.id, other.id]),
        author: JSON.stringify({ id: adminId }),
        created_by: adminId,
        done: JSON.stringify([other.id]),
        failed: JSON.stringify([
          {
            id: family.id,
            label: `أسرة ${family.file_number} — مرزوق عبدالودود الشمري`,
            message: 'تعذر تغيير الحالة',
          },
        ]),
      })
      .execute();
    const staged = await h.db
      .insertInto('family_imports')
      .values({
        kind: 'families',
        status: 'ready',
        file_name: 'أسر.xlsx',
        file_size: 10,
        total_rows: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.db
      .insertInto('family_import_rows')
      .values({
        import_id: staged.id,
        row_number: 2,
        state: 'duplicate',
        cells: JSON.stringify({ 'head.full_name': 'عبدالله سالم' }),
        errors: JSON.stringify({}),
        matches: JSON.stringify([
          {
            certainty: 'possible',
            reasons: ['similar_name'],
            family: {
              id: family.id,
              file_number: family.file_number,
              head_name: 'مرزوق عبدالودود الشمري',
            },
            row_number: null,
          },
        ]),
      })
      .execute();
    // A browser's error report quoting the head's name.
    const reported = await post('/client-events', {
      remote: 'mf-beneficiaries',
      version: '1.2.0',
      kind: 'render_error',
      route: '/families/show/:id',
      message: 'تعذر عرض بطاقة مرزوق عبدالودود الشمري',
    });
    expect(reported.statusCode).toBeLessThan(300);
    const holding = await tablesHolding(h, needles);
    for (const place of [
      'report_archives: مرزوق',
      'bulk_actions: مرزوق',
      'family_import_rows: مرزوق',
      'client_events: مرزوق',
    ])
      expect(holding).toContain(place);
    expect(holding.filter((place) => place.startsWith('activity_log')).length).toBeGreaterThan(0);

    const done = await anonymise(family.id, {
      reason: 'طلب محو من صاحب البيانات',
      file_number: family.file_number.toLowerCase(),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      message: M.done,
      data: {
        id: family.id,
        file_number: family.file_number,
        head_name: ANONYMISED_FAMILY_NAME,
        city: { code: 'riyadh' },
        anonymised_at: expect.any(String),
      },
    });
    expect(
      (await anonymise(family.id, { reason: 'مرة ثانية', file_number: family.file_number }))
        .statusCode,
    ).toBe(409);

    // Its form is closed: saving it would bring back what was erased.
    const edit = await h.request('PUT', `/api/families/${family.id}`, { token: admin, body });
    expect(edit.statusCode).toBe(409);

    // Every table's text: none holds the names, IDs or phones.
    expect(await tablesHolding(h, needles)).toEqual([]);

    // Kept: the money, the services, the year of birth, sex, city, non-medical categories.
    expect({
      report: await report(),
      all: await ledger(),
      family: await ledger({ 'filter[family_id]': String(family.id) }),
      services: (await servicesOf()).map((s) => [s.id, s.cost, s.status]),
    }).toEqual(before);
    // The archives' figures and totals are as archived; their rows of the family name no one.
    expect(await archivedFigures()).toEqual(figuresBefore);
    const rowsOf = async (kind: string, list: string) => {
      const row = await h.db
        .selectFrom('report_archives')
        .select('snapshot')
        .where('id', '=', archives[kind] ?? 0)
        .executeTakeFirstOrThrow();
      const snapshot = z.record(z.string(), z.unknown()).parse(row.snapshot);
      return z
        .array(z.looseObject({ family: z.looseObject({ id: z.number() }) }))
        .parse(snapshot[list])
        .filter((entry) => entry.family.id === family.id);
    };
    expect(await rowsOf('medical', 'individuals')).toEqual([
      expect.objectContaining({
        full_name: ANONYMISED_MEMBER_NAME,
        health_status: null,
        disabilities: [],
        sex: 'female',
        age: expect.any(Number),
      }),
    ]);
    expect(await rowsOf('family-needs', 'rows')).toEqual([
      expect.objectContaining({
        family: {
          id: family.id,
          file_number: family.file_number,
          head_name: ANONYMISED_FAMILY_NAME,
        },
        // The medical need is gone, as from the family's record; the others stay.
        recorded_needs: ['مواد غذائية'],
      }),
    ]);
    const members = await h.db
      .selectFrom('family_members')
      .select(['full_name', 'gender', 'birth_date', 'health_status', 'national_id'])
      .where('family_id', '=', family.id)
      .orderBy('id')
      .execute();
    expect(members.map((m) => [m.full_name, m.gender, m.national_id, m.health_status])).toEqual([
      [ANONYMISED_MEMBER_NAME, 'male', null, null],
      [ANONYMISED_MEMBER_NAME, 'female', null, null],
      [ANONYMISED_MEMBER_NAME, 'female', null, null],
      [ANONYMISED_MEMBER_NAME, 'male', null, null],
    ]);
    expect(members.map((m) => String(m.birth_date).slice(0, 10))).toEqual([
      '1979-01-01',
      '2010-01-01',
      '2005-01-01',
      '2001-01-01',
    ]);
    const categoriesLeft = await h.db
      .selectFrom('family_categories')
      .select('category')
      .where('family_id', '=', family.id)
      .execute();
    expect(categoriesLeft.map((c) => c.category)).toEqual(['low_income']);
    const history = await h.db
      .selectFrom('family_status_history')
      .select(['to_status', 'reason'])
      .where('family_id', '=', family.id)
      .orderBy('id')
      .execute();
    expect(history.map((row) => row.to_status)).toEqual([
      'pending_review',
      'approved',
      'suspended',
      'approved',
    ]);

    // The documents are tombstones; a file another document shares stays in the store.
    const docs = await h.db
      .selectFrom('documents')
      .select(['id', 'deleted_at', 'sha256'])
      .where('family_id', '=', family.id)
      .execute();
    expect(docs.every((d) => d.deleted_at !== null)).toBe(true);
    const gone = await h.request('GET', `/api/documents/${documentId}/content`, { token: admin });
    expect(gone.statusCode).not.toBe(200);
    const kept = await h.request(
      'GET',
      `/api/documents/${keep.json<{ data: { id: number } }>().data.id}/content`,
      {
        token: admin,
      },
    );
    expect(kept.statusCode).toBe(200);

    // The log's rows stay, with no values, and one row says it was anonymised, with the reason.
    const logRows = await h.db
      .selectFrom('activity_log')
      .select(['action', 'changes', 'entity_label'])
      .where('family_id', '=', family.id)
      .orderBy('id')
      .execute();
    expect(logRows.length).toBeGreaterThan(4);
    expect(logRows.slice(0, -1).every((row) => row.changes === null)).toBe(true);
    expect(logRows.at(-1)).toEqual({
      action: 'anonymise',
      changes: { anonymise_reason: [null, 'طلب محو من صاحب البيانات'] },
      entity_label: `أسرة مجهّلة (${family.file_number})`,
    });
    // The other family's rows are untouched.
    const otherRows = await h.db
      .selectFrom('activity_log')
      .select('changes')
      .where('family_id', '=', other.id)
      .execute();
    expect(otherRows.some((row) => row.changes !== null)).toBe(true);
    // Except the move's row: it names the erased family by its file number only.
    const moves = await h.db
      .selectFrom('activity_log')
      .select(['action', 'entity_label', 'changes'])
      .where('family_id', '=', other.id)
      .where('action', 'in', ['move_in', 'move_out'])
      .orderBy('id')
      .execute();
    // The son who left it is the erased family's member now: that row is erased as his.
    expect(moves.map((row) => [row.action, row.entity_label])).toEqual([
      ['move_in', `انضمام فرد منقولاً من أسرة مجهّلة (${family.file_number})`],
      ['move_out', `فرد مجهّل (${family.file_number})`],
    ]);
    // Its registration's list of members keeps its head, the son's entry without his name.
    const registered = await h.db
      .selectFrom('activity_log')
      .select('changes')
      .where('family_id', '=', other.id)
      .where('entity_type', '=', 'family')
      .where('action', '=', 'create')
      .executeTakeFirstOrThrow();
    expect(registered.changes).toMatchObject({
      members: [null, ['خالد سعد محمد الحربي (رب الأسرة)', `${ANONYMISED_MEMBER_NAME} (ابن)`]],
      head_name: [null, 'خالد سعد محمد الحربي'],
    });
    expect(moves[0]?.changes).toMatchObject({
      family: [family.file_number, other.file_number],
      reason: [null, 'حُذف النص عند تجهيل بيانات الأسرة'],
    });

    // The API answers: searches, duplicate checks, the log, the exports.
    const get = (url: string, query: Record<string, string> = {}) =>
      h.request('GET', `/api${url}`, { token: admin, query });
    for (const needle of needles) {
      const families = await get('/families', { search: needle });
      expect([needle, families.json<{ meta: { total: number } }>().meta.total]).toEqual([
        needle,
        0,
      ]);
      const people = await get('/family-members', { search: needle });
      expect([needle, people.json<{ meta: { total: number } }>().meta.total]).toEqual([needle, 0]);
    }
    for (const id of ids) {
      const check = await get('/families/checks/national-id', { national_id: id });
      expect(check.json<{ data: { available: boolean } }>().data.available).toBe(true);
    }
    const phoneCheck = await get('/families/checks/phone', { phone });
    expect(JSON.stringify(phoneCheck.json())).not.toContain(family.file_number);
    for (const url of [
      '/activity-log',
      `/families/${family.id}/timeline`,
      `/families/${family.id}`,
      `/families/${family.id}/consents`,
      `/families/${family.id}/visits`,
      `/families/${family.id}/documents`,
      `/families/${other.id}/timeline`,
      '/client-events/summary',
      ...Object.entries(archives).map(([kind, id]) => `/reports/${kind}/archives/${id}`),
    ]) {
      const response = await get(url, { per_page: '100' });
      expect([url, response.statusCode]).toEqual([url, 200]);
      for (const needle of needles)
        expect([url, response.payload.includes(needle)]).toEqual([url, false]);
    }
    for (const url of [
      '/families/export',
      '/family-members/export',
      '/activity-log/export',
      ...Object.entries(archives).map(([kind, id]) => `/reports/${kind}/archives/${id}/export`),
    ]) {
      const response = await get(url, { format: 'csv' });
      expect([url, response.statusCode]).toEqual([url, 200]);
      for (const needle of needles)
        expect([url, response.payload.includes(needle)]).toEqual([url, false]);
    }
  }, 120_000);
});
