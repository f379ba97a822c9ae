import { render, screen } from '@testing-library/react';
import { useState, version } from 'react';
import { renderToString } from 'react-dom/server';
import { expect, test } from 'vitest';

function Probe() {
  // A hook fails loudly when react-dom and our code hold different React copies.
  const [label] = useState(`React ${version}`);
  return <p>{label}</p>;
}

// Guards the two test projects: each must really run on the React it is named after,
// with one copy of React shared by our code, react-dom and Testing Library.
test('runs on the React version the project names, with a single React copy', ({ task }) => {
  const expected = task.file.projectName === 'react18' ? '18' : '19';
  expect(version.split('.')[0]).toBe(expected);
  render(<Probe />);
  expect(screen.getByText(`React ${version}`)).toBeTruthy();
  expect(renderToString(<Probe />)).toContain(version);
});
