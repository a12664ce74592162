import { describe, expect, it } from 'vitest';
import { cutHelpDescription, HelpArticleChangeSchema, helpMessages, PushTokenSchema, readHelpVideoEmbed } from './help';

describe('help videos', () => {
  it('rebuilds a YouTube-nocookie or Vimeo player address from its id alone', () => {
    expect(readHelpVideoEmbed('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1#x')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(readHelpVideoEmbed(' https://player.vimeo.com/video/76979871 ')).toBe(
      'https://player.vimeo.com/video/76979871?dnt=1',
    );
  });

  it('refuses every other host, scheme or path', () => {
    for (const source of [
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'http://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com:444/embed/dQw4w9WgXcQ',
      'https://user@player.vimeo.com/video/1',
      'https://player.vimeo.com/video/abc',
      'https://player.vimeo.com.evil.test/video/1',
      'javascript:alert(1)',
      'não é endereço',
    ]) {
      expect(readHelpVideoEmbed(source), source).toBeNull();
    }
  });

  it('cuts a description at 1000 characters', () => {
    expect(cutHelpDescription('a'.repeat(1200))).toHaveLength(1000);
    expect(cutHelpDescription('curta')).toBe('curta');
  });

  it('says which hosts are taken when a manager enters another', () => {
    const result = HelpArticleChangeSchema.safeParse({ title: 'T', markdown: 'M', videoSource: 'https://evil.test/v' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(helpMessages.videoHost);
    const empty = HelpArticleChangeSchema.parse({ title: 'T', markdown: 'M', videoSource: '' });
    expect(empty.videoSource).toBeNull();
  });
});

describe('push tokens', () => {
  it('asks for a token in pt-BR when it is missing or blank', () => {
    expect(PushTokenSchema.safeParse({ token: '   ' }).error?.issues[0]?.message).toBe(helpMessages.tokenRequired);
    expect(PushTokenSchema.safeParse({}).error?.issues[0]?.message).toBe(helpMessages.tokenRequired);
  });
});
