import { preloadKatex } from '@recall/react/voice/formatted-text';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
// KaTeX's layout for the maths in messages (FormattedText); before ours, so ours wins.
import 'katex/dist/katex.min.css';
import './styles.css';

// KaTeX loads with the first maths otherwise; start now, while the session connects.
preloadKatex().catch(console.error);

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
