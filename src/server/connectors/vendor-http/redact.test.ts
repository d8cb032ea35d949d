import { describe, expect, it } from 'vitest';
import { REDACTED, redact, redactingLog, redactText } from './redact.js';

describe('redactText', () => {
  it('masks scheme credentials, query tokens and JSON token fields, and leaves the rest', () => {
    expect(redactText('Authorization: Bearer secret-token-123 sent')).toBe(
      `Authorization: Bearer ${REDACTED} sent`,
    );
    expect(redactText('basic dXNlcjpwYXNz')).toBe(`basic ${REDACTED}`);
    expect(redactText('/oauth?code=abc123&state=s1&access_token=tok-9')).toBe(
      `/oauth?code=${REDACTED}&state=s1&access_token=${REDACTED}`,
    );
    expect(redactText('{"access_token":"tok-1","token_type":"bearer","refresh_token": "r-2"}')).toBe(
      `{"access_token":"${REDACTED}","token_type":"bearer","refresh_token": "${REDACTED}"}`,
    );
    expect(redactText('Number of allowed API requests per minute exceeded')).toBe(
      'Number of allowed API requests per minute exceeded',
    );
  });
});

describe('redact', () => {
  it('masks credential fields whatever they hold, at any depth, and Headers', () => {
    const headers = new Headers({ Authorization: 'Bearer secret-token-123', Accept: 'application/json' });
    const out = redact({
      vendor: 'jira',
      headers,
      nested: { apiKey: 42, client_secret: 'shh', list: [{ Cookie: 'sid=1' }, 'Bearer abc.def'] },
      err: new Error('refused token=xyz'),
    });
    expect(out).toEqual({
      vendor: 'jira',
      headers: { authorization: REDACTED, accept: 'application/json' },
      nested: {
        apiKey: REDACTED,
        client_secret: REDACTED,
        list: [{ Cookie: REDACTED }, `Bearer ${REDACTED}`],
      },
      err: { name: 'Error', message: `refused token=${REDACTED}` },
    });
    expect(JSON.stringify(out)).not.toMatch(/secret-token-123|shh|abc\.def|xyz/);
  });

  it('redactingLog passes every field and message through it', () => {
    const lines: unknown[] = [];
    const sink = (fields: object, message: string) => void lines.push({ ...fields, message });
    const log = redactingLog({ info: sink, warn: sink, error: sink });
    log.warn({ authorization: 'Bearer secret-token-123', path: '/x' }, 'sent Bearer secret-token-123');
    expect(lines).toEqual([{ authorization: REDACTED, path: '/x', message: `sent Bearer ${REDACTED}` }]);
  });
});
