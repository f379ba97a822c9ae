/** Progress of a run: a bar redrawn in place on a terminal, one plain line per session otherwise. */
export function progressReporter(output: { write(text: string): unknown; isTTY?: boolean }) {
  const width = 24;
  return ({ done, total, label }: { done: number; total: number; label: string }) => {
    if (output.isTTY === true) {
      const filled = Math.round((done / total) * width);
      const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
      output.write(`\r\u001b[2K${bar} ${done}/${total} ${label}${done === total ? '\n' : ''}`);
    } else {
      output.write(`[${done}/${total}] ${label}\n`);
    }
  };
}
