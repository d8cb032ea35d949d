import { count, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import {
  attachmentItemSchema,
  ticketDetailsSchema,
  type Ticket,
} from '../../../src/common/contracts/tickets.js';
import { storedObjects } from '../../../src/server/connectors/storage/builtin/schema.js';
import { callerOf, getAs, refusal, type Caller } from '../../support/callers.js';
import { SAME_ORIGIN } from '../../support/http.js';
import { customerOf, openTicket, ticketPath } from '../../support/tickets.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * The attachments: a screenshot, a log and a bundle are kept through the object store, download
 * through a signed link and are entered in the ticket's history; a refused type (recognised from the bytes,
 * whatever the name) or a file over 25 MB is refused with nothing stored or recorded; another customer cannot
 * reach them.
 */

const t = useTestApp({ seed: false });
let owner: Caller;
let agent: Caller;
let ticket: Ticket;

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A PNG's signature and header chunk: enough for file-type to call what follows a PNG. */
const PNG_HEAD = PNG.subarray(0, 33);
/** A JPEG's start of image and first marker. */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60)]);
/** A zip archive holding a.txt ("hello"). */
const ZIP = Buffer.from(
  'UEsDBAoAAAAAAFQKe10gMDo2BgAAAAYAAAAFABwAYS50eHRVVAkAA2/aCGtv2ghrdXgLAAEEAAAAAAQAAAAAaGVsbG8KUEsBAh4DCgAAAAAAVAp7' +
    'XSAwOjYGAAAABgAAAAUAGAAAAAAAAQAAAKSBAAAAAGEudHh0VVQFAANv2ghrdXgLAAEEAAAAAAQAAAAAUEsFBgAAAAABAAEASwAAAEUAAAAAAA==',
  'base64',
);
/** What a browser would run, were the file opened as HTML. */
const HTML = '<html><script>alert(document.domain)</script><img src=x onerror=alert(1)></html>';
/** The start of a Windows executable. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
/** A gzip stream (a .tar.gz bundle starts so). */
const GZIP = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0, 0x03, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0]);

const upload = (caller: Caller, name: string, body: Buffer, contentType = 'application/octet-stream') =>
  t.app.inject({
    method: 'POST',
    url: `${ticketPath(ticket.id, apiPaths.tickets.attachments)}?name=${encodeURIComponent(name)}`,
    headers: { ...SAME_ORIGIN, ...caller.headers, 'content-type': contentType },
    payload: body,
  });

const storedCount = async () =>
  (
    await t.app.db
      .select({ value: count() })
      .from(storedObjects)
      .where(like(storedObjects.key, 'attachments/%'))
  )[0]?.value ?? 0;

/** The ticket as the agent reads it: with its history. */
const agentView = async () =>
  ticketDetailsSchema.parse((await getAs(t.app, agent, ticketPath(ticket.id))).json());

beforeAll(async () => {
  owner = await customerOf(t.app);
  agent = await callerOf(t.app, 'agent');
  ticket = await openTicket(t.app, owner);
});

describe('ticket attachments', () => {
  it('keeps a screenshot, a log and a bundle, lists them and downloads the same bytes through a signed link', async () => {
    for (const [name, body, type] of [
      ['screen shot 1.png', PNG, 'image/png'],
      ['controller.log', Buffer.from('2026-11-25 10:00 tunnel down\n'), 'text/plain'],
      ['diag bundle.tar.gz', GZIP, 'application/gzip'],
    ] as const) {
      const res = await upload(owner, name, body, type);
      expect(res.statusCode, res.body).toBe(201);
      expect(attachmentItemSchema.parse(res.json()).attachment.size).toBe(body.byteLength);
    }
    const details = ticketDetailsSchema.parse((await getAs(t.app, owner, ticketPath(ticket.id))).json());
    expect(details.attachments.map((file) => [file.fileName, file.contentType])).toEqual([
      ['screen_shot_1.png', 'image/png'],
      ['controller.log', 'text/plain; charset=utf-8'],
      ['diag_bundle.tar.gz', 'application/gzip'],
    ]);
    // Each file is a history entry of its uploader (the name as kept), and a change of the ticket.
    const seen = await agentView();
    expect(
      seen.history
        .filter((entry) => entry.kind === 'attached')
        .map((entry) => [entry.actor, entry.from, entry.to]),
    ).toEqual([
      [owner.email, null, 'screen_shot_1.png'],
      [owner.email, null, 'controller.log'],
      [owner.email, null, 'diag_bundle.tar.gz'],
    ]);
    expect(Date.parse(seen.ticket.updatedAt)).toBeGreaterThan(Date.parse(ticket.updatedAt));
    const [first] = details.attachments;
    const redirect = await getAs(t.app, owner, first?.url ?? '');
    expect(redirect.statusCode).toBe(302);
    const file = await t.app.inject({ method: 'GET', url: String(redirect.headers.location) });
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, PNG)).toBe(0);
  });

  it('refuses a type it does not take, recognised from the bytes whatever the name or header, storing nothing', async () => {
    const before = await storedCount();
    const historyBefore = (await agentView()).history.length;
    expect(refusal(await upload(owner, 'screenshot.png', EXE, 'image/png'), 400)).toMatch(
      /^body: an EXE file is not accepted/,
    );
    expect(refusal(await upload(owner, 'notes.log', Buffer.from([0x61, 0x00, 0x62])), 400)).toMatch(
      /not accepted/,
    );
    expect(refusal(await upload(owner, 'script.sh', Buffer.from('#!/bin/sh\nrm -rf /\n')), 400)).toMatch(
      /not accepted/,
    );
    expect(refusal(await upload(owner, 'empty.txt', Buffer.alloc(0)), 400)).toMatch(/empty/);
    expect(await storedCount()).toBe(before);
    expect((await agentView()).history).toHaveLength(historyBefore);
  });

  it('refuses a file over 25 MB with a 413 JSON, storing nothing', async () => {
    const before = await storedCount();
    const big = Buffer.concat([PNG, Buffer.alloc(25 * 1024 * 1024)]);
    const res = await upload(owner, 'huge.png', big);
    expect(res.statusCode).toBe(413);
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
    expect(await storedCount()).toBe(before);
  });

  it("another customer cannot attach to or download from someone else's ticket", async () => {
    const other = await customerOf(t.app);
    refusal(await upload(other, 'x.png', PNG), 404);
    const details = ticketDetailsSchema.parse((await getAs(t.app, owner, ticketPath(ticket.id))).json());
    refusal(await getAs(t.app, other, details.attachments[0]?.url ?? ''), 404);
    refusal(await getAs(t.app, owner, `${ticketPath(ticket.id, apiPaths.tickets.attachments)}/999999`), 404);
  });

  it('keeps a file under the extension of the type found in its bytes, whatever extension it was given', async () => {
    const own = await openTicket(t.app, owner);
    const attach = (name: string, body: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: `${ticketPath(own.id, apiPaths.tickets.attachments)}?name=${encodeURIComponent(name)}`,
        headers: { ...SAME_ORIGIN, ...owner.headers, 'content-type': 'application/octet-stream' },
        payload: body,
      });
    for (const [given, body, kept, type] of [
      // Each opened by its extension on the agent's machine: HTML with script, a batch file, an HTML application.
      ['report.html', Buffer.concat([PNG_HEAD, Buffer.from(HTML)]), 'report.png', 'image/png'],
      [
        'run.bat',
        Buffer.concat([PNG_HEAD, Buffer.from('\r\n@echo off\r\ncalc.exe\r\n')]),
        'run.png',
        'image/png',
      ],
      [
        'diag.hta',
        Buffer.concat([PNG_HEAD, Buffer.from(`<hta:application>${HTML}`)]),
        'diag.png',
        'image/png',
      ],
      ['x.svg', PNG, 'x.png', 'image/png'],
      ['doc.html', Buffer.from(`%PDF-1.4\n${HTML}`), 'doc.pdf', 'application/pdf'],
      ['bundle.exe', ZIP, 'bundle.zip', 'application/zip'],
      ['diag.log', GZIP, 'diag.gz', 'application/gzip'],
      ['no extension', PNG, 'no_extension.png', 'image/png'],
      // An extension the type allows is kept as given.
      ['Photo.JPEG', JPEG, 'Photo.JPEG', 'image/jpeg'],
      ['diag bundle.tgz', GZIP, 'diag_bundle.tgz', 'application/gzip'],
      ['logs.tar.gz', GZIP, 'logs.tar.gz', 'application/gzip'],
      ['notes.txt', Buffer.from('plain text\n'), 'notes.txt', 'text/plain; charset=utf-8'],
    ] as const) {
      const res = await attach(given, body);
      expect(res.statusCode, `${given}: ${res.body}`).toBe(201);
      const { attachment } = attachmentItemSchema.parse(res.json());
      expect([given, attachment.fileName, attachment.contentType]).toEqual([given, kept, type]);
      const redirect = await getAs(t.app, agent, attachment.url);
      expect(redirect.statusCode).toBe(302);
      const file = await t.app.inject({ method: 'GET', url: String(redirect.headers.location) });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toBe(`attachment; filename="${kept}"`);
      expect(file.headers['content-type']).toBe(type);
      expect(Buffer.compare(file.rawPayload, body)).toBe(0);
    }
    // The ticket and its history show the names as kept.
    const details = ticketDetailsSchema.parse((await getAs(t.app, agent, ticketPath(own.id))).json());
    expect(details.attachments.map((file) => file.fileName)).toContain('report.png');
    expect(details.attachments.map((file) => file.fileName)).not.toContain('report.html');
    expect(details.history.filter((entry) => entry.kind === 'attached').map((entry) => entry.to)).toContain(
      'bundle.zip',
    );
  });
});
