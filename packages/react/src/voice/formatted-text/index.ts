// @recall/react/voice/formatted-text: message text with KaTeX maths and code. A separate entry so
// apps that do not render notation never bundle KaTeX.
export { FormattedText, preloadKatex } from './formatted-text';
export type { FormattedTextProps } from './formatted-text';
