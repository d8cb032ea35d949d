import { describe, expect, it } from 'vitest';
import { isSafeRedirectPath, toSameOriginPath } from './safe-redirect';

describe('isSafeRedirectPath', () => {
  it.each(['/', '/chatbot', '/notifications?filter=active', '/notification-details?id=17#top', '/a/b/c'])(
    'accepts the same-origin path %s',
    (path) => {
      expect(isSafeRedirectPath(path)).toBe(true);
    },
  );

  it.each([
    ['a protocol-relative URL', '//evil.example'],
    ['a protocol-relative URL with a path', '//evil.example/chatbot'],
    ['a backslash after the slash', '/\\evil.example'],
    ['a backslash later on', '/chatbot\\..\\//evil.example'],
    ['an absolute https URL', 'https://evil.example'],
    ['an absolute http URL', 'http://evil.example/chatbot'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path without a slash', 'chatbot'],
    ['a tab that the URL parser would drop', '/\t/evil.example'],
    ['a newline that the URL parser would drop', '/\n/evil.example'],
    ['a leading space', ' /chatbot'],
    ['an empty string', ''],
    ['a very long path', `/${'a'.repeat(5000)}`],
  ])('refuses %s', (_name, value) => {
    expect(isSafeRedirectPath(value)).toBe(false);
  });

  it.each([null, undefined, 42, {}, ['/chatbot']])('refuses a value that is not a string (%s)', (value) => {
    expect(isSafeRedirectPath(value)).toBe(false);
  });
});

describe('toSameOriginPath', () => {
  const origin = 'http://127.0.0.1:4300';

  it('keeps a safe relative path', () => {
    expect(toSameOriginPath('/zendeskAuth?code=abc&state=xyz', origin)).toBe(
      '/zendeskAuth?code=abc&state=xyz',
    );
  });

  it('turns an absolute URL of the same origin into its path', () => {
    expect(toSameOriginPath(`${origin}/zendeskAuth?code=abc`, origin)).toBe('/zendeskAuth?code=abc');
  });

  it.each(['https://evil.example/zendeskAuth', 'http://127.0.0.1:4301/zendeskAuth', '//evil.example', 42])(
    'refuses %s',
    (value) => {
      expect(toSameOriginPath(value, origin)).toBeNull();
    },
  );
});
