/** A gate that what the test holds back waits at (`passed()`), until the test opens it. */
export function gate(): { open(): void; passed(): Promise<void> } {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, passed: () => opened };
}
