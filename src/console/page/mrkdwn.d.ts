// Types for the browser module beside it, so node tests can check the parser.
export type InlineToken =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'emoji'; name: string; char: string }
  | { type: 'user'; id: string; label?: string }
  | { type: 'channel'; id: string; label?: string }
  | { type: 'special'; name: string }
  | { type: 'link'; url: string; text: string }
  | { type: 'bold' | 'italic' | 'strike'; children: InlineToken[] };

export type MrkdwnBlock =
  | { type: 'pre'; text: string }
  | { type: 'ul'; items: InlineToken[][] }
  | { type: 'ol'; start: number; items: InlineToken[][] }
  | { type: 'quote' | 'line'; children: InlineToken[] };

export const EMOJI: Record<string, string>;
export function decodeEntities(text: string): string;
export function inlineTokens(line: string): InlineToken[];
export function mrkdwnBlocks(text: string): MrkdwnBlock[];
export function safeUrl(url: string): string | undefined;
export function plainText(text: string | undefined): string;
