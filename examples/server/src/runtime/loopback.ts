/** Whether a bind address only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  const address = host.toLowerCase().replace(/^\[|\]$/g, '');
  return address === 'localhost' || address === '::1' || /^127\.\d+\.\d+\.\d+$/.test(address);
}
