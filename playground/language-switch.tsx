import { useEffect, useState } from 'react';
import type { KitStrings } from 'react-agent-kit/components';
import { germanStrings } from 'react-agent-kit/locales';

/** The chat's languages the playground offers: the kit's built-in English, and German from react-agent-kit/locales. */
const languages = { en: { label: 'English', strings: undefined }, de: { label: 'Deutsch', strings: germanStrings } } as const satisfies Record<string, { label: string; strings: KitStrings | undefined }>;
export type Language = keyof typeof languages;

export interface ChatLanguage {
  language: Language;
  rtl: boolean;
}

/** The chat's language and direction, kept across reloads. */
export function useChatLanguage(): [ChatLanguage, (next: ChatLanguage) => void] {
  const [value, setValue] = useState<ChatLanguage>(() => {
    const stored = localStorage.getItem('rak-language');
    return { language: stored === 'de' ? 'de' : 'en', rtl: localStorage.getItem('rak-rtl') === 'true' };
  });
  useEffect(() => {
    localStorage.setItem('rak-language', value.language);
    localStorage.setItem('rak-rtl', String(value.rtl));
  }, [value]);
  return [value, setValue];
}

/** What `AgentChat` gets for a choice. */
export function chatLanguageProps({ language, rtl }: ChatLanguage): { strings: KitStrings | undefined; dir: 'ltr' | 'rtl' | undefined } {
  return { strings: languages[language].strings, dir: rtl ? 'rtl' : undefined };
}

/** The sidebar's language picker and right-to-left switch (the chat's words and layout only; the playground stays English). */
export function LanguageSwitch({ value, onChange }: { value: ChatLanguage; onChange: (next: ChatLanguage) => void }) {
  return (
    <fieldset className="pg-language">
      <legend className="pg-section-title">Chat language</legend>
      <select aria-label="Chat language" value={value.language} onChange={(event) => onChange({ ...value, language: event.target.value as Language })}>
        {Object.entries(languages).map(([code, { label }]) => (
          <option key={code} value={code}>
            {label}
          </option>
        ))}
      </select>
      <label className="pg-language-rtl">
        <input type="checkbox" checked={value.rtl} onChange={(event) => onChange({ ...value, rtl: event.target.checked })} /> Right to left
      </label>
    </fieldset>
  );
}
