import { describe, expect, it } from 'vitest';
import { baseUrlOf } from './chat-completions';

describe('the chat-completions address', () => {
  it('takes the API base or the whole endpoint address', () => {
    expect(baseUrlOf('https://api.openai.example/v1')).toBe('https://api.openai.example/v1');
    expect(baseUrlOf('https://api.openai.example/v1/')).toBe('https://api.openai.example/v1');
    expect(baseUrlOf('http://127.0.0.1:8000/v1/chat/completions')).toBe('http://127.0.0.1:8000/v1');
    expect(baseUrlOf('http://127.0.0.1:8000/v1/chat/completions/')).toBe('http://127.0.0.1:8000/v1');
  });
});
