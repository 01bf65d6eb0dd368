import { sql } from 'kysely';
import { todayIso } from 'shared-contracts';
import {
  CONSENT_MESSAGES,
  consentListResponseSchema,
  consentResponseSchema,
  type Consent,
} from 'shared-contracts/resources/consents-contracts';
import { FORM_WITHDRAWAL_REASON } from '../src/modules/consents';
import { consentsMigration } from '../src/modules/consents/migrations/2026_12_06_consents_tables';
import {
  BENEFICIARY_KEYS,
  createFamily,
  familyBody,
  type CreatedFamily,
} from './support/beneficiaries';
import { describeEachDatabase } from './support/harness';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysFromToday = (days: number) =>
  new Date(Date.parse(`${todayIso()}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);

describeEachDatabase('consents', (h) => {
  let officer = '';
  let officerName = '';
  let researcher = '';
  let reader = '';
  let outsider = '';
  let family: CreatedFamily;

  const list = async (familyId: number, token = reader) => {
    const response = await h.request('GET', `/api/families/${familyId}/consents`, { token });
    expect(response.statusCode).toBe(200);
    return consentListResponseSchema.parse(response.json()).data;
  };
  const record = (familyId: number, body: unknown, token = officer) =>
    h.request('POST', `/api/families/${familyId}/consents`, { token, body });
  const withdraw = (id: number, body: unknown, token = officer) =>
    h.request('POST', `/api/consents/${id}/withdraw`, { token, body });
  const recorded = async (familyId: number, body: Record<string, unknown>): Promise<Consent> => {
    const response = await record(familyId, body);
    if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.payload}`);
    return consentResponseSchema.parse(response.json()).data;
  };
  const familyColumns = (id: number) =>
    h.db
      .selectFrom('families')
      .select(['consent_data_processing', 'consent_share_with_partners'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const consentRows = async () =>
    (await h.db.selectFrom('family_consents').select('id').execute()).length;

  beforeAll(async () => {
    const dpo = await h.createEmployee({
      name: 'سارة مسؤولة البيانات',
      permissions: ['show_families', 'manage_personal_data'],
    });
    officer = dpo.token;
    officerName = dpo.row.name;
    researcher = (await h.createEmployee({ permissions: BENEFICIARY_KEYS })).token;
    reader = (await h.createEmployee({ permissions: ['show_families'] })).token;
    outsider = (await h.createEmployee({ permissions: ['show_financial'] })).token;
    family = await createFamily(h, researcher);
  });

  test('records a consent (201), lists it as current, logs it on the family timeline', async () => {
    const response = await record(family.id, {
      purpose: 'media',
      method: 'verbal_witnessed',
      given_on: daysFromToday(-2),
      witness_name: 'خالد الشاهد',
      note: 'صور البرنامج الرمضاني',
    });
    expect(response.statusCode).toBe(201);
    const { data, message } = consentResponseSchema.parse(response.json());
    expect(message).toBe(CONSENT_MESSAGES.recorded);
    expect(data).toMatchObject({
      family_id: family.id,
      purpose: 'media',
      method: 'verbal_witnessed',
      given_on: daysFromToday(-2),
      witness_name: 'خالد الشاهد',
      recorded_by: { name: officerName },
      withdrawal: null,
    });
    const listed = await list(family.id);
    expect(listed.consents.map((consent) => consent.id)).toContain(data.id);

    const rows = (await h.activityRows()).filter(
      (row) => row.entity_type === 'consent' && row.entity_id === String(data.id),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'create', family_id: family.id });
    expect(rows[0]?.changes).toMatchObject({
      purpose: [null, 'الصور والوسائط'],
      method: [null, 'شفهيًا بحضور شاهد'],
      witness_name: [null, 'خالد الشاهد'],
    });
  });

  test('a researcher with edit_families may record a consent, not withdraw one', async () => {
    const consent = await (async () => {
      const response = await record(
        family.id,
        { purpose: 'sms_contact', method: 'electronic', given_on: todayIso() },
        researcher,
      );
      expect(response.statusCode).toBe(201);
      return consentResponseSchema.parse(response.json()).data;
    })();
    const refused = await withdraw(
      consent.id,
      { withdrawn_on: todayIso(), reason: 'طلب الأسرة' },
      researcher,
    );
    expect(refused.statusCode).toBe(403);
  });

  test('withdrawing sharing with partners keeps the record and turns the family flag off', async () => {
    const sharing = await recorded(family.id, {
      purpose: 'partner_sharing',
      method: 'signed_form',
      given_on: daysFromToday(-10),
    });
    expect((await list(family.id)).shares_with_partners).toBe(true);
    expect((await familyColumns(family.id)).consent_share_with_partners).toBe(true);

    const response = await withdraw(sharing.id, {
      withdrawn_on: todayIso(),
      reason: 'لا ترغب الأسرة في مشاركة بياناتها',
    });
    expect(response.statusCode).toBe(200);
    const { data, message } = consentResponseSchema.parse(response.json());
    expect(message).toBe(CONSENT_MESSAGES.withdrawn);
    expect(data.withdrawal).toMatchObject({
      withdrawn_on: todayIso(),
      reason: 'لا ترغب الأسرة في مشاركة بياناتها',
      withdrawn_by: { name: officerName },
    });
    const listed = await list(family.id);
    expect(listed.shares_with_partners).toBe(false);
    expect(listed.consents.find((consent) => consent.id === sharing.id)?.withdrawal).not.toBeNull();
    expect((await familyColumns(family.id)).consent_share_with_partners).toBe(false);
    const rows = (await h.activityRows('withdraw')).filter(
      (row) => row.entity_id === String(sharing.id),
    );
    expect(rows[0]?.changes).toMatchObject({
      withdrawal_reason: [null, 'لا ترغب الأسرة في مشاركة بياناتها'],
    });

    // Given again: a new record beside the withdrawn one.
    const again = await recorded(family.id, {
      purpose: 'partner_sharing',
      method: 'electronic',
      given_on: todayIso(),
    });
    expect(again.id).not.toBe(sharing.id);
    expect((await list(family.id)).shares_with_partners).toBe(true);
    expect(
      (await withdraw(sharing.id, { withdrawn_on: todayIso(), reason: 'مرة ثانية' })).statusCode,
    ).toBe(409);
  });

  test('a signed form is one of the family’s own documents', async () => {
    const other = await createFamily(h, researcher);
    const [document] = await h.db
      .insertInto('documents')
      .values({
        family_id: other.id,
        kind: 'national_id',
        file_name: 'consent.pdf',
        mime_type: 'application/pdf',
        size: 10,
        sha256: 'a'.repeat(64),
      })
      .returning('id')
      .execute();
    const before = await consentRows();
    const response = await record(family.id, {
      purpose: 'data_processing',
      method: 'signed_form',
      given_on: todayIso(),
      document_id: document?.id,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ document_id: [CONSENT_MESSAGES.documentNotFound] });
    expect(await consentRows()).toBe(before);
    const own = await recorded(other.id, {
      purpose: 'media',
      method: 'signed_form',
      given_on: todayIso(),
      document_id: document?.id,
    });
    expect(own.document).toEqual({ id: document?.id, file_name: 'consent.pdf' });
  });

  test('422 in Arabic for bad input, and nothing is written', async () => {
    const before = await consentRows();
    const future = await record(family.id, {
      purpose: 'media',
      method: 'electronic',
      given_on: daysFromToday(3),
    });
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.given_on).toEqual([CONSENT_MESSAGES.givenInFuture]);
    const noWitness = await record(family.id, {
      purpose: 'media',
      method: 'verbal_witnessed',
      given_on: todayIso(),
    });
    expect(noWitness.json().errors.witness_name).toEqual([CONSENT_MESSAGES.witnessRequired]);
    const registration = await record(family.id, {
      purpose: 'media',
      method: 'registration',
      given_on: todayIso(),
    });
    expect(registration.statusCode).toBe(422);
    const [current] = (await list(family.id)).consents;
    const noReason = await withdraw(current?.id ?? 0, { withdrawn_on: todayIso() });
    expect(noReason.statusCode).toBe(422);
    const early = await withdraw(current?.id ?? 0, {
      withdrawn_on: '2000-01-01',
      reason: 'قبل الموافقة',
    });
    expect(early.json().errors.withdrawn_on).toEqual([CONSENT_MESSAGES.withdrawnBeforeGiven]);
    expect(await consentRows()).toBe(before);
  });

  test('409 for a second current consent to the same purpose, 404s', async () => {
    const duplicate = await record(family.id, {
      purpose: 'media',
      method: 'electronic',
      given_on: todayIso(),
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(CONSENT_MESSAGES.alreadyCurrent);
    expect(
      (await h.request('GET', '/api/families/999999/consents', { token: reader })).statusCode,
    ).toBe(404);
    expect(
      (await withdraw(999999, { withdrawn_on: todayIso(), reason: 'غير موجودة' })).statusCode,
    ).toBe(404);
  });

  test('401 without a session, 403 without the keys', async () => {
    expect((await h.request('GET', `/api/families/${family.id}/consents`)).statusCode).toBe(401);
    const body = { purpose: 'media', method: 'electronic', given_on: todayIso() };
    expect((await record(family.id, body, '')).statusCode).toBe(401);
    expect(
      (await h.request('GET', `/api/families/${family.id}/consents`, { token: outsider }))
        .statusCode,
    ).toBe(403);
    expect((await record(family.id, body, reader)).statusCode).toBe(403);
    expect(
      (await withdraw(1, { withdrawn_on: todayIso(), reason: 'سبب' }, reader)).statusCode,
    ).toBe(403);
  });

  test('the family form’s boxes record and withdraw their consents', async () => {
    const body = familyBody({ consent_share_with_partners: true });
    const registered = await createFamily(h, researcher, body);
    const first = await list(registered.id);
    expect(
      first.consents.map((consent) => [consent.purpose, consent.method, consent.withdrawal]),
    ).toEqual([
      ['data_processing', 'registration', null],
      ['partner_sharing', 'registration', null],
    ]);
    expect(first.shares_with_partners).toBe(true);

    const [head, ...members] = registered.members;
    const sent = body as { head: object; members: object[] };
    const response = await h.request('PUT', `/api/families/${registered.id}`, {
      token: researcher,
      body: {
        ...body,
        head: { ...sent.head, id: head?.id },
        members: sent.members.map((member, index) => ({ ...member, id: members[index]?.id })),
        consent_share_with_partners: false,
      },
    });
    expect(response.statusCode).toBe(200);
    const after = await list(registered.id);
    expect(after.shares_with_partners).toBe(false);
    const sharing = after.consents.find((consent) => consent.purpose === 'partner_sharing');
    expect(sharing?.withdrawal?.reason).toBe(FORM_WITHDRAWAL_REASON);
  });

  test('the migration turns the family form’s boxes into first consents', async () => {
    const migrated = await createFamily(h, researcher);
    await h.db
      .updateTable('families')
      .set({ consent_share_with_partners: true })
      .where('id', '=', migrated.id)
      .execute();
    // Replays the migration on this database, in a transaction rolled back afterwards (DDL
    // included), as on a database that had families before the ledger.
    class Rollback extends Error {}
    let rows: { purpose: string; method: string; recorded_by: number | null }[] = [];
    await expect(
      h.db.transaction().execute(async (trx) => {
        await sql`drop table family_consents`.execute(trx);
        await consentsMigration.up(trx);
        rows = await trx
          .selectFrom('family_consents')
          .select(['purpose', 'method', 'recorded_by'])
          .where('family_id', '=', migrated.id)
          .orderBy('purpose')
          .execute();
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(rows.map((row) => [row.purpose, row.method])).toEqual([
      ['data_processing', 'registration'],
      ['partner_sharing', 'registration'],
    ]);
    expect(rows[0]?.recorded_by).not.toBeNull();
  });
});
