// The page's own words (headings, buttons, labels) in the console person's language: the console
// sends them, from the message catalogue, with every snapshot.
let words = {};

/** The word for `key` (a `console.*` catalogue key); the key itself while none has arrived. */
export function w(key) {
  return words[key] ?? key;
}

/** Takes the snapshot's words and writes them into the page's fixed parts (data-word*). */
export function applyWords(next, locale) {
  words = next ?? {};
  document.documentElement.lang = locale === 'zh-CN' ? 'zh-CN' : 'en';
  document.title = w('console.title');
  for (const node of document.querySelectorAll('[data-word]'))
    node.textContent = w(node.dataset.word);
  for (const node of document.querySelectorAll('[data-word-placeholder]'))
    node.setAttribute('placeholder', w(node.dataset.wordPlaceholder));
  for (const node of document.querySelectorAll('[data-word-label]'))
    node.setAttribute('aria-label', w(node.dataset.wordLabel));
}
