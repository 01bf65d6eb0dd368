/**
 * Documents end to end, through the site's gateway, as the demo researcher (`edit_families`):
 * uploads a PDF and a PNG made here to a family from its page (the PDF over the gateway's 1 MiB
 * limit for other bodies, so the upload is streamed), sees both listed, previews the image in its
 * dialog, downloads the PDF (its answer and its bytes checked), opens it in a tab of its own
 * (Chromium's PDF viewer shows it there), deletes the image with a reason and sees it listed as
 * deleted.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import { ADMIN, demoAccount } from '../src/accounts';
import { launchChromium, login, openPage } from '../src/browser';
import { apiToken, firstApprovedFamily, type DemoFamily } from '../src/beneficiaries/api';
import { STEP_TIMEOUT, eventually, slotPanel, tableRows, toast } from '../src/beneficiaries/ui';

const researcher = demoAccount('researcher');
const PANEL_TITLE = 'المستندات';
const PDF_NAME = 'بطاقة-الهوية.pdf';
const PNG_NAME = 'صورة-المنزل.png';
const REASON = 'صورة مكررة رُفعت بالخطأ';
/** Chromium's built-in PDF viewer: a component extension, in a frame of the PDF's tab. */
const PDF_VIEWER = 'chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/';

/** A PNG of `width`×`height` pixels, a colour gradient, encoded here (no image library). */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      row[1 + x * 3] = (x * 255) / width;
      row[2 + x * 3] = (y * 255) / height;
      row[3 + x * 3] = 128;
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF, padded with comment lines to about `bytes` bytes. */
function pdf(bytes: number): Buffer {
  const head =
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\n';
  const tail = 'trailer << /Root 1 0 R >>\n%%EOF\n';
  const line = `%${'x'.repeat(99)}\n`;
  const padding = line.repeat(Math.max(0, Math.ceil((bytes - head.length - tail.length) / 100)));
  return Buffer.from(head + padding + tail, 'latin1');
}

let browser: Browser;
let family: DemoFamily;

beforeAll(async () => {
  browser = await launchChromium();
  const admin = await apiToken(ADMIN.email, ADMIN.password);
  family = await firstApprovedFamily(admin);
});
afterAll(async () => {
  await browser.close();
});

test('uploads a PDF and an image, previews, downloads, deletes one with a reason', async () => {
  const { page, context, errors } = await openPage(browser);
  const pdfBytes = pdf(1.2 * 1024 * 1024);
  const pngBytes = png(64, 48);
  try {
    await login(page, researcher.email, researcher.password);
    await page.goto(`/families/show/${family.id}`);
    const panel = slotPanel(page, PANEL_TITLE);
    await panel.waitFor({ timeout: STEP_TIMEOUT });

    // Two files at once, each with its kind.
    await panel.locator('input[data-documents-input="files"]').setInputFiles([
      { name: PDF_NAME, mimeType: 'application/pdf', buffer: pdfBytes },
      { name: PNG_NAME, mimeType: 'image/png', buffer: pngBytes },
    ]);
    await panel
      .getByRole('combobox', { name: `نوع المستند: ${PDF_NAME}` })
      .selectOption('national_id');
    await panel.getByRole('combobox', { name: `نوع المستند: ${PNG_NAME}` }).selectOption('photo');
    await panel.getByRole('button', { name: /رفع الملفات/ }).click();
    await toast(page, 'تم رفع مستندين').waitFor({ timeout: STEP_TIMEOUT });

    // Both listed.
    const table = panel.getByRole('table', { name: 'مستندات الأسرة' });
    await eventually(async () => {
      const rows = (await tableRows(table)).map((row) => row.join(' '));
      expect(rows.some((row) => row.includes(PDF_NAME) && row.includes('الهوية الوطنية'))).toBe(
        true,
      );
      expect(rows.some((row) => row.includes(PNG_NAME) && row.includes('صورة'))).toBe(true);
    });

    // The image in its dialog, drawn.
    await panel
      .getByRole('button', { name: `معاينة ${PNG_NAME}` })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    const image = dialog.getByRole('img');
    await image.waitFor({ timeout: STEP_TIMEOUT });
    await eventually(async () => {
      expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(64);
    });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The PDF downloaded: the API's answer, then the saved bytes.
    const [response, download] = await Promise.all([
      page.waitForResponse(
        (answer) => /\/api\/documents\/\d+\/content$/.test(new URL(answer.url()).pathname),
        { timeout: STEP_TIMEOUT },
      ),
      page.waitForEvent('download', { timeout: STEP_TIMEOUT }),
      panel.getByRole('button', { name: `تنزيل ${PDF_NAME}` }).click(),
    ]);
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers['content-type']).toBe('application/pdf');
    expect(headers['content-disposition']).toMatch(/^attachment; /);
    expect(headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(PDF_NAME)}`,
    );
    expect(headers['x-content-type-options']).toBe('nosniff');
    // The API's own policy, kept by the gateway (no script of a document runs with the site).
    expect(headers['content-security-policy']).toBe('sandbox');
    expect(download.suggestedFilename()).toBe(PDF_NAME);
    const saved = await download.path();
    expect(fs.readFileSync(saved).equals(pdfBytes)).toBe(true);

    // The PDF opened in a tab of its own, shown by Chromium's viewer: neither the site's policy
    // the blob: URL inherits (`object-src 'none'`) nor the answer's `sandbox` keeps it out.
    const [tab] = await Promise.all([
      context.waitForEvent('page', { timeout: STEP_TIMEOUT }),
      panel.getByRole('button', { name: `فتح ${PDF_NAME}` }).click(),
    ]);
    await eventually(async () => {
      expect(tab.url()).toMatch(/^blob:/);
      expect(tab.frames().some((frame) => frame.url().startsWith(PDF_VIEWER))).toBe(true);
    });
    await tab.close();

    // The image deleted with its reason: listed as deleted.
    await panel.getByRole('button', { name: `حذف ${PNG_NAME}` }).click();
    const confirm = page.getByRole('dialog', { name: 'حذف المستند' });
    await confirm.getByRole('textbox').fill(REASON);
    await confirm.getByRole('button', { name: 'حذف', exact: true }).click();
    await toast(page, 'تم حذف المستند').waitFor({ timeout: STEP_TIMEOUT });
    await eventually(async () => {
      const rows = (await tableRows(table)).map((row) => row.join(' '));
      expect(rows.some((row) => row.includes('محذوف') && row.includes(REASON))).toBe(true);
      expect(rows.some((row) => row.includes(PNG_NAME))).toBe(false);
      expect(rows.some((row) => row.includes(PDF_NAME))).toBe(true);
    });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120000);
