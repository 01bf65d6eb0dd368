/**
 * One simulated member of staff on a busy morning: logs in once, then loops over a weighted mix
 * of what the back office does — mostly reading the register, some registering and editing —
 * pausing between operations for a think time drawn from `World.thinkMs` (a person reads the
 * page, types, clicks). With a think time of 0 it is a closed loop: the next request leaves as
 * soon as the answer is in, so the figures are the most the API serves, not what people ask.
 *
 * Every write a client saw acknowledged goes into the ledger with a marker of its own, so that
 * afterwards the database can be checked for each exactly once (see verify.ts). Each user edits
 * only the families it registered itself and enrols only families of its own share of the
 * register, so the last acknowledged value of each field is the one the database must hold.
 */
import { performance } from 'node:perf_hooks';
import { API_TIMEOUT_MS, computeSaudiIdCheckDigit } from 'shared-contracts';
import { familyDetailToInput, type FamilyDetail } from 'shared-contracts/beneficiaries';
import { seededRandom } from '../../src/modules/families';
import { queryString, type HttpClient, type HttpResponse } from './http-client';
import type { Recorder } from './stats';
import { CATEGORIES, CITIES, FEMALE, MALE, pick, SURNAMES } from './synthetic-families';

export const OPS = [
  { name: 'families list', read: true, weight: 20 },
  { name: 'families search', read: true, weight: 20 },
  { name: 'open family', read: true, weight: 16 },
  { name: 'members list/search', read: true, weight: 10 },
  { name: 'seasons list', read: true, weight: 3 },
  { name: 'season beneficiaries', read: true, weight: 5 },
  { name: 'GET /user', read: true, weight: 6 },
  { name: 'create family', read: false, weight: 6 },
  { name: 'edit family (PUT)', read: false, weight: 5 },
  { name: 'edit member (PUT family)', read: false, weight: 2 },
  { name: 'enrol in season', read: false, weight: 4 },
] as const;
export type OpName = (typeof OPS)[number]['name'];

/** A family of the register to open and search for. */
export interface SampleFamily {
  id: number;
  fileNumber: string;
  nationalId: string;
  phone: string;
  headName: string;
}

/** A value a client wrote, and the ones it may have written without an answer since. */
export interface FieldLedger {
  acked: string | null;
  /** Writes that got no answer (network error, timeout): the server may still have applied them. */
  unanswered: string[];
  /** Writes answered with an error status: the server finished them without (we expect) storing. */
  refused: string[];
}

export interface WriteLedger {
  creates: { marker: string; fileNumber: string; id: number }[];
  /** Markers of creates that were not acknowledged (reported if they are stored anyway). */
  unackedCreates: string[];
  /** family id → its `notes` as edited. */
  notes: Map<number, FieldLedger>;
  /** member id → its `occupation` as edited. */
  occupations: Map<number, FieldLedger>;
  enrolments: { seasonId: number; familyId: number }[];
  unackedEnrolments: { seasonId: number; familyId: number }[];
}

export function emptyLedger(): WriteLedger {
  return {
    creates: [],
    unackedCreates: [],
    notes: new Map(),
    occupations: new Map(),
    enrolments: [],
    unackedEnrolments: [],
  };
}

export interface World {
  client: HttpClient;
  recorder: Recorder;
  /**
   * Requests sent at or after this moment (performance.now()) are timed; those before it (the
   * warm-up) run, and their writes are ledgered, but are not. +Infinity: none is timed.
   */
  recordFrom: number;
  stopAt: number;
  /** The pause after each operation, drawn evenly from [min, max] ms ([0, 0]: a closed loop). */
  thinkMs: readonly [number, number];
  samples: readonly SampleFamily[];
  /** This run's seasonal programmes (created after the logins). */
  seasons: number[];
  ledger: WriteLedger;
  /** A number of this configuration's run, in markers (so two runs on one database never share one). */
  runTag: number;
  /** Citizen IDs of created families: resident IDs (`2…`) from this serial up, 3 per family. */
  serialBase: number;
  users: number;
}

const TOTAL_WEIGHT = OPS.reduce((sum, op) => sum + op.weight, 0);

function residentId(serial: number): string {
  const firstNine = `2${String(serial % 100_000_000).padStart(8, '0')}`;
  return `${firstNine}${computeSaudiIdCheckDigit(firstNine)}`;
}

const toArabicDigits = (value: string) =>
  value.replace(/[0-9]/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));

/** How people type a name: sometimes without hamza, with ى for final ي, ه for final ة. */
function respell(random: () => number, name: string): string {
  let result = name;
  if (random() < 0.3) result = result.replace(/[أإآ]/g, 'ا');
  if (random() < 0.3) result = result.replace(/ي(?=\s|$)/g, 'ى');
  if (random() < 0.3) result = result.replace(/ة(?=\s|$)/g, 'ه');
  return result;
}

export class StaffMember {
  private readonly random: () => number;
  private token = '';
  private sequence = 0;
  /** Families this user registered (acknowledged), with their spouse's member id. */
  private readonly own: { id: number; spouseId: number | null }[] = [];
  /** Ids the last families list showed (the next "open" often clicks one). */
  private lastListIds: number[] = [];
  private enrolAt = 0;

  constructor(
    private readonly world: World,
    readonly index: number,
    readonly email: string,
    /** Approved families of this user's share of the register, in the order it enrols them. */
    private readonly enrolQueue: number[],
  ) {
    this.random = seededRandom(7919 * (index + 1) + world.runTag);
  }

  /** Times one request; records it under `op` (2xx: ok; anything else or a network error: error). */
  private async call(
    op: OpName,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<HttpResponse | null> {
    const started = performance.now();
    const recorded = started >= this.world.recordFrom;
    // For the error report: the route, without ids or the query.
    const route = `${method} ${(path.split('?')[0] ?? path).replace(/\d+/g, 'N')}`;
    try {
      // The product's own client gives up after API_TIMEOUT_MS (5 s): a slower answer is an error
      // the member of staff sees, so it counts as one here too.
      const response = await this.world.client.request(method, path, {
        token: this.token,
        body,
        timeoutMs: API_TIMEOUT_MS,
      });
      const ms = performance.now() - started;
      if (response.status >= 200 && response.status < 300) {
        if (recorded) this.world.recorder.ok(op, ms);
      } else if (recorded) {
        this.world.recorder.error(
          op,
          ms,
          `${response.status} ${route}: ${response.text.slice(0, 120)}`,
        );
      }
      return response;
    } catch (error) {
      if (recorded)
        this.world.recorder.error(
          op,
          performance.now() - started,
          `network ${route}: ${(error as Error).message}`,
        );
      return null;
    }
  }

  private signIn(password: string) {
    return this.world.client.request('POST', '/auth/create/sanctum/token', {
      body: { email: this.email, password },
    });
  }

  /** The token of its login (setup requests outside the mix use it). */
  get bearer(): string {
    return this.token;
  }

  /**
   * Signs in; the time includes any retries. All 50 users sign in in the same instant (argon2, on
   * purpose), more than the API admits at once: a login it refuses as busy (503) is tried again
   * after its Retry-After, as a person would press the button again.
   */
  async login(password: string): Promise<number> {
    const started = performance.now();
    let response = await this.signIn(password);
    for (let attempt = 1; response.status === 503 && attempt < 10; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, (response.retryAfterSeconds ?? 1) * 1000));
      response = await this.signIn(password);
    }
    const ms = performance.now() - started;
    if (response.status !== 200)
      throw new Error(`login ${this.email}: ${response.status} ${response.text.slice(0, 200)}`);
    const parsed = JSON.parse(response.text) as { token?: unknown; data?: { token?: unknown } };
    const token = typeof parsed.token === 'string' ? parsed.token : parsed.data?.token;
    if (typeof token !== 'string') throw new Error(`login ${this.email}: no token`);
    this.token = token;
    return ms;
  }

  /**
   * Requests until `stopAt` (the one in flight then finishes). `staggered`: first a pause as after
   * an operation — people who have just signed in do not all click in the same millisecond.
   */
  async run({ staggered = false }: { staggered?: boolean } = {}): Promise<void> {
    if (staggered) await this.think();
    while (performance.now() < this.world.stopAt) {
      const opStarted = performance.now();
      let roll = this.random() * TOTAL_WEIGHT;
      let op: OpName = OPS[0].name;
      for (const candidate of OPS) {
        if (roll < candidate.weight) {
          op = candidate.name;
          break;
        }
        roll -= candidate.weight;
      }
      try {
        await this.perform(op);
      } catch (error) {
        // An answer this script did not expect (2xx, but not the documented shape): one error, and on.
        if (opStarted >= this.world.recordFrom)
          this.world.recorder.error(op, null, `unexpected answer: ${(error as Error).message}`);
      }
      await this.think();
    }
  }

  /** The pause before the next operation, cut short at the end of the run. */
  private async think(): Promise<void> {
    const [min, max] = this.world.thinkMs;
    if (max <= 0) return;
    const pause = Math.min(
      min + this.random() * (max - min),
      this.world.stopAt - performance.now(),
    );
    if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
  }

  private perform(op: OpName): Promise<unknown> {
    switch (op) {
      case 'families list':
        return this.familiesList();
      case 'families search':
        return this.familiesSearch();
      case 'open family':
        return this.openFamily();
      case 'members list/search':
        return this.members();
      case 'seasons list':
        return this.call(op, 'GET', `/seasons${queryString({ page: 1, per_page: 20 })}`);
      case 'season beneficiaries':
        return this.call(
          op,
          'GET',
          `/seasons/${pick(this.random, this.world.seasons)}/beneficiaries${queryString({ page: 1 + Math.floor(this.random() * 3), per_page: 20 })}`,
        );
      case 'GET /user':
        return this.call(op, 'GET', '/user');
      case 'create family':
        return this.createFamily();
      case 'edit family (PUT)':
        return this.own.length === 0 ? this.createFamily() : this.editFamily(false);
      case 'edit member (PUT family)':
        return this.own.length === 0 ? this.createFamily() : this.editFamily(true);
      case 'enrol in season':
        return this.enrol();
    }
  }

  private remember(response: HttpResponse | null): void {
    if (!response || response.status !== 200) return;
    const ids = (JSON.parse(response.text) as { data: { id: number }[] }).data.map((row) => row.id);
    if (ids.length > 0) this.lastListIds = ids;
  }

  private async familiesList(): Promise<void> {
    const random = this.random;
    const query: Record<string, string | number> = {
      page: 1 + Math.floor(random() * (random() < 0.7 ? 3 : 20)),
      per_page: 20,
    };
    const roll = random();
    if (roll < 0.15) query['filter[status]'] = 'approved';
    else if (roll < 0.25) query['filter[city]'] = pick(random, CITIES)[0];
    else if (roll < 0.32) {
      query['filter[status]'] = 'pending_review';
      query.sort = 'created_at';
    } else if (roll < 0.37) query['filter[category]'] = pick(random, CATEGORIES);
    else if (roll < 0.42) query.sort = 'head_name';
    else if (roll < 0.45) query['filter[reassessment_overdue]'] = 'true';
    this.remember(await this.call('families list', 'GET', `/families${queryString(query)}`));
  }

  private searchTerm(): string {
    const random = this.random;
    const sample = pick(random, this.world.samples);
    const roll = random();
    if (roll < 0.3) return respell(random, pick(random, random() < 0.7 ? MALE : FEMALE));
    if (roll < 0.5)
      return respell(
        random,
        `${pick(random, random() < 0.7 ? MALE : FEMALE)} ${pick(random, SURNAMES)}`,
      );
    if (roll < 0.58) return pick(random, SURNAMES).slice(0, 5);
    if (roll < 0.66) return respell(random, sample.headName);
    if (roll < 0.74) return random() < 0.5 ? sample.fileNumber : sample.fileNumber.toLowerCase();
    if (roll < 0.82) return sample.nationalId;
    if (roll < 0.86) return sample.nationalId.slice(0, 6);
    const local = `0${sample.phone.slice(4)}`;
    if (roll < 0.93) return local;
    if (roll < 0.97) return `+966 ${local.slice(1, 3)} ${local.slice(3, 6)} ${local.slice(6)}`;
    return toArabicDigits(local);
  }

  private async familiesSearch(): Promise<void> {
    const query: Record<string, string | number> = {
      search: this.searchTerm(),
      page: 1,
      per_page: 20,
    };
    const roll = this.random();
    if (roll < 0.15) query['filter[status]'] = 'approved';
    else if (roll < 0.22) query['filter[city]'] = pick(this.random, CITIES)[0];
    else if (roll < 0.27) query['filter[not_in_season]'] = pick(this.random, this.world.seasons);
    this.remember(await this.call('families search', 'GET', `/families${queryString(query)}`));
  }

  private async openFamily(): Promise<void> {
    const id =
      this.lastListIds.length > 0 && this.random() < 0.4
        ? pick(this.random, this.lastListIds)
        : pick(this.random, this.world.samples).id;
    await this.call('open family', 'GET', `/families/${id}`);
  }

  private async members(): Promise<void> {
    const random = this.random;
    const roll = random();
    let query: Record<string, string | number>;
    if (roll < 0.4) query = { page: 1 + Math.floor(random() * 5), per_page: 20 };
    else if (roll < 0.7)
      query = {
        search: respell(
          random,
          `${pick(random, random() < 0.5 ? MALE : FEMALE)} ${pick(random, MALE)}`,
        ),
        per_page: 20,
      };
    else if (roll < 0.85)
      query = { search: pick(random, this.world.samples).nationalId, per_page: 20 };
    else
      query = {
        'filter[gender]': 'female',
        'filter[age_min]': 30,
        'filter[age_max]': 50,
        per_page: 20,
      };
    await this.call('members list/search', 'GET', `/family-members${queryString(query)}`);
  }

  private marker(kind: string): string {
    this.sequence += 1;
    // Digits and Arabic only: the run, the user and its own counter make it unique.
    return `${kind} ${this.world.runTag}-${this.index}-${this.sequence}`;
  }

  private async createFamily(): Promise<void> {
    const random = this.random;
    const marker = this.marker('عنوان قياس');
    // 3 IDs per family: serials interleave users so they never meet.
    const serial = this.world.serialBase + (this.sequence * this.world.users + this.index) * 3;
    const surname = pick(random, SURNAMES);
    const [city, districts] = pick(random, CITIES);
    const body = {
      head: {
        full_name: `${pick(random, MALE)} ${pick(random, MALE)} ${pick(random, MALE)} ${surname}`,
        national_id: residentId(serial),
        gender: 'male',
        birth_date: '1980-04-12',
        marital_status: 'married',
        education_level: 'secondary',
        employment_status: 'unemployed',
      },
      primary_phone: `055${String(serial % 10_000_000).padStart(7, '0')}`,
      city,
      district: pick(random, districts),
      // The write's marker: unique, and no edit touches it.
      address: marker,
      housing_type: 'apartment',
      housing_ownership: 'rented',
      monthly_rent: 1500 + Math.floor(random() * 20) * 100,
      income_sources: [
        { source: 'social_security', amount: 1500, verified: true },
        { source: 'citizen_account', amount: 500 },
      ],
      categories: [pick(random, CATEGORIES)],
      needs: [{ need_type: 'food', priority: 'high' }],
      consent_data_processing: true,
      members: [
        {
          full_name: `${pick(random, FEMALE)} ${pick(random, MALE)} ${pick(random, MALE)} ${pick(random, SURNAMES)}`,
          relationship: 'spouse',
          gender: 'female',
          birth_date: '1985-09-01',
          national_id: residentId(serial + 1),
        },
        {
          full_name: `${pick(random, MALE)} ${pick(random, MALE)} ${pick(random, MALE)} ${surname}`,
          relationship: 'son',
          gender: 'male',
          birth_date: '2015-02-20',
          national_id: residentId(serial + 2),
        },
      ],
    };
    const response = await this.call('create family', 'POST', '/families', body);
    if (response?.status === 201) {
      const data = (JSON.parse(response.text) as { data: FamilyDetail }).data;
      this.world.ledger.creates.push({ marker, fileNumber: data.file_number, id: data.id });
      this.own.push({
        id: data.id,
        spouseId: data.members.find((member) => member.relationship === 'spouse')?.id ?? null,
      });
    } else {
      this.world.ledger.unackedCreates.push(marker);
    }
  }

  /** Opens one of its own families and saves it with new notes (or its spouse's new occupation). */
  private async editFamily(member: boolean): Promise<void> {
    const target = pick(this.random, this.own);
    const opened = await this.call('open family', 'GET', `/families/${target.id}`);
    if (opened?.status !== 200) return;
    const detail = (JSON.parse(opened.text) as { data: FamilyDetail }).data;
    const input = familyDetailToInput(detail);
    let ledger: FieldLedger;
    let value: string;
    if (member && target.spouseId !== null) {
      value = this.marker('مهنة');
      const spouse = input.members?.find((row) => (row as { id?: number }).id === target.spouseId);
      if (!spouse) return;
      spouse.occupation = value;
      ledger = entry(this.world.ledger.occupations, target.spouseId);
    } else {
      value = this.marker('ملاحظة تعديل');
      input.notes = value;
      ledger = entry(this.world.ledger.notes, target.id);
    }
    const op = member ? 'edit member (PUT family)' : 'edit family (PUT)';
    const response = await this.call(op, 'PUT', `/families/${target.id}`, input);
    if (response?.status === 200) {
      ledger.acked = value;
      ledger.refused = [];
    } else if (response) ledger.refused.push(value);
    else ledger.unanswered.push(value);
  }

  private async enrol(): Promise<void> {
    const familyId = this.enrolQueue[this.enrolAt];
    if (familyId === undefined) {
      await this.familiesSearch();
      return;
    }
    this.enrolAt += 1;
    const seasonId = pick(this.random, this.world.seasons);
    const response = await this.call(
      'enrol in season',
      'POST',
      `/seasons/${seasonId}/beneficiaries`,
      { mode: 'families', family_ids: [familyId] },
    );
    if (
      response?.status === 200 &&
      (JSON.parse(response.text) as { data: { enrolled: number } }).data.enrolled === 1
    ) {
      this.world.ledger.enrolments.push({ seasonId, familyId });
    } else {
      this.world.ledger.unackedEnrolments.push({ seasonId, familyId });
    }
  }
}

function entry(map: Map<number, FieldLedger>, id: number): FieldLedger {
  let ledger = map.get(id);
  if (!ledger) {
    ledger = { acked: null, unanswered: [], refused: [] };
    map.set(id, ledger);
  }
  return ledger;
}
