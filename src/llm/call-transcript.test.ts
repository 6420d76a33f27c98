import { describe, expect, it } from 'vitest';
import { chatTranscript, TRANSCRIPT_MESSAGE_KEEP_CHARS, TRANSCRIPT_PROMPT_KEEP_CHARS } from './call-transcript.js';

const pic = { type: 'image' as const, mime: 'image/png' as const, data: new Uint8Array(4), width: 1, height: 1 };

describe('chat call transcripts', () => {
  it('writes each message under its role, counts pictures without keeping them, and keeps short text whole', () => {
    const t = chatTranscript([{ role: 'system', content: 'rules' }, { role: 'user', content: 'what now?', images: [pic, pic] }], 'dig');
    expect(t).toEqual({ prompt: '[system]\nrules\n\n[user] (+2 images)\nwhat now?', response: 'dig', charsCut: 0 });
  });

  it('cuts a long message, a long prompt and a long response with a marker, and counts every character cut', () => {
    const many = Array.from({ length: 6 }, () => ({ role: 'user' as const, content: 'y'.repeat(TRANSCRIPT_MESSAGE_KEEP_CHARS) }));
    const t = chatTranscript([{ role: 'user', content: 'z'.repeat(TRANSCRIPT_MESSAGE_KEEP_CHARS + 10) }, ...many], 'r'.repeat(TRANSCRIPT_MESSAGE_KEEP_CHARS + 3));
    const whole = 7 * ('[user]\n'.length + TRANSCRIPT_MESSAGE_KEEP_CHARS) + 6 * 2 + '… [10 characters cut]'.length;
    expect(t.prompt.startsWith(`[user]\n${'z'.repeat(TRANSCRIPT_MESSAGE_KEEP_CHARS)}… [10 characters cut]`)).toBe(true);
    expect(t.prompt).toMatch(new RegExp(`… \\[${whole - TRANSCRIPT_PROMPT_KEEP_CHARS} characters cut\\]$`));
    expect(t.response).toBe(`${'r'.repeat(TRANSCRIPT_MESSAGE_KEEP_CHARS)}… [3 characters cut]`);
    expect(t.charsCut).toBe(10 + (whole - TRANSCRIPT_PROMPT_KEEP_CHARS) + 3);
  });
});
