import type { ActivityLogEntry } from 'shared-contracts/admin';
import { csvField, isFormulaLike } from '../../src/http/export';
import { jsonNestsDeeperThan } from '../../src/http/json-body-parser';
import { activityForReader } from '../../src/modules/activity-log';

describe('formula-like export cells', () => {
  test('=, +, -, @, tab, carriage return (and their full-width forms) start a formula; numbers never do', () => {
    for (const text of [
      '=1+1',
      '+966501234567',
      '-2+3',
      '@SUM(A1)',
      '\t=1',
      '\r=1',
      '＝1',
      '＋1',
    ]) {
      expect(isFormulaLike(text)).toBe(true);
    }
    for (const value of [
      'أحمد',
      'F-1447-00012',
      '0501234567',
      ' =1',
      '',
      -5,
      12.5,
      null,
      undefined,
      true,
    ]) {
      expect(isFormulaLike(value)).toBe(false);
    }
  });

  test('CSV: an apostrophe in front, quoted; other fields as before', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvField('+966501234567')).toBe('"\'+966501234567"');
    expect(csvField('@cmd')).toBe('"\'@cmd"');
    expect(csvField('\tcmd')).toBe('"\'\tcmd"');
    expect(csvField('\rcmd')).toBe('"\'\rcmd"');
    expect(csvField(-5)).toBe('"-5"');
    expect(csvField('a,b')).toBe('"a,b"');
  });

  test('CSV: every field is quoted, even one with nothing to escape', () => {
    for (const [value, field] of [
      ['أحمد', '"أحمد"'],
      ['a\tb', '"a\tb"'],
      ['a;b', '"a;b"'],
      ['', '""'],
      [null, '""'],
      [12.5, '"12.5"'],
      [true, '"true"'],
    ] as const) {
      expect(csvField(value)).toBe(field);
    }
  });

  test('CSV: a formula trigger after any separator a spreadsheet may split on is neutralised', () => {
    expect(csvField('a\t=cmd()')).toBe('"a\t\'=cmd()"');
    expect(csvField('a;=cmd()')).toBe('"a;\'=cmd()"');
    expect(csvField('a,=cmd()')).toBe('"a,\'=cmd()"');
    expect(csvField('a\n+1')).toBe('"a\n\'+1"');
    expect(csvField('a\r\n@SUM(A1)')).toBe('"a\r\n\'@SUM(A1)"');
    expect(csvField('a; -2+3')).toBe('"a; \'-2+3"');
    expect(csvField('a;\t\t＝1')).toBe('"a;\t\t\'＝1"');
    expect(csvField('=1;=2')).toBe('"\'=1;\'=2"');
    // Whatever delimiter an importer picks, no piece of any field starts (after blanks) with a trigger.
    const hostile = [
      'x\t=1',
      'x;=1',
      'x,+1',
      'x\n-1',
      'x\r@1',
      'x; =1',
      '\t=1',
      ' =1',
      'x;\u00A0=1',
    ];
    for (const text of hostile) {
      const inner = csvField(text).slice(1, -1).replace(/""/g, '"');
      for (const piece of inner.split(/[,;\t\r\n]/))
        expect(piece.trimStart()).not.toMatch(/^[=+\-@＝＋－＠]/);
    }
    // Text with no trigger after a separator is left as it was.
    expect(csvField('F-1447-00012; 0501234567')).toBe('"F-1447-00012; 0501234567"');
  });
});

describe('JSON nesting scan', () => {
  test('counts arrays and objects outside strings, escapes included, without recursion', () => {
    expect(jsonNestsDeeperThan('['.repeat(20_000), 32)).toBe(true);
    expect(jsonNestsDeeperThan(`${'{"a":'.repeat(33)}1${'}'.repeat(33)}`, 32)).toBe(true);
    expect(jsonNestsDeeperThan(`${'['.repeat(32)}${']'.repeat(32)}`, 32)).toBe(false);
    expect(jsonNestsDeeperThan(`["${'['.repeat(100)}"]`, 32)).toBe(false);
    expect(jsonNestsDeeperThan(`["\\"${'['.repeat(100)}"]`, 32)).toBe(false);
    expect(jsonNestsDeeperThan(`[${'[]'.repeat(1000)}]`, 2)).toBe(false);
  });
});

describe('the activity log as its reader may see it', () => {
  const entry = (overrides: Partial<ActivityLogEntry>): ActivityLogEntry => ({
    id: 1,
    occurred_at: '2026-01-01T00:00:00.000Z',
    employee_id: 2,
    employee_name: 'منيرة',
    action: 'update',
    entity_type: 'family_member',
    entity_id: '5',
    entity_label: 'هيا (أسرة F-1447-00001)',
    changes: {
      health_status: ['healthy', 'disabled'],
      disabilities: [[], ['visual']],
      occupation: [null, 'طالبة'],
    },
    ip: '10.0.0.9',
    user_agent: 'Firefox',
    ...overrides,
  });
  const viewer = { permissions: ['show_families'], role: null };

  test('member medical fields left out, a change of only them kept without values; no staff address', () => {
    const [mixed, medicalOnly, family] = activityForReader(
      [
        entry({}),
        entry({ changes: { health_status: [null, 'disabled'] } }),
        entry({ entity_type: 'family', changes: { health_status: [null, 'x'] } }),
      ],
      viewer,
    );
    expect(mixed).toMatchObject({
      changes: { occupation: [null, 'طالبة'] },
      ip: null,
      user_agent: null,
    });
    expect(mixed?.changes).not.toHaveProperty('health_status');
    expect(medicalOnly?.changes).toBeNull();
    // the rule is per record: a family has no field called so
    expect(family?.changes).toEqual({ health_status: [null, 'x'] });
  });

  test('an editor sees the medical changes; a super admin everything', () => {
    const [forEditor] = activityForReader([entry({})], {
      permissions: ['show_families', 'edit_families'],
      role: null,
    });
    expect(forEditor).toMatchObject({
      changes: { health_status: ['healthy', 'disabled'] },
      ip: null,
    });
    const [forAdmin] = activityForReader([entry({})], { permissions: [], role: 'superadmin' });
    expect(forAdmin).toEqual(entry({}));
  });
});
