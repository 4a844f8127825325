/**
 * One JSON line per event on stdout. Lines are batched and written asynchronously so that
 * logging never blocks a request; secrets and bodies are never passed in.
 */
export interface Logger {
  info(fields: Record<string, unknown>): void;
  error(fields: Record<string, unknown>): void;
  flush(): Promise<void>;
}

export function createLogger(
  enabled: boolean,
  out: WritableStream<Uint8Array> = Deno.stdout.writable,
): Logger {
  if (!enabled) return { info() {}, error() {}, flush: () => Promise.resolve() };
  const encoder = new TextEncoder();
  const writer = out.getWriter();
  let pending: string[] = [];
  let flushing: Promise<void> | undefined;

  const flush = async () => {
    while (pending.length > 0) {
      const text = pending.join("");
      pending = [];
      await writer.write(encoder.encode(text));
    }
  };
  const schedule = () => {
    flushing ??= new Promise<void>((resolve) => setTimeout(resolve, 20))
      .then(flush)
      .catch(() => {})
      .finally(() => (flushing = undefined));
  };
  const write = (level: string, fields: Record<string, unknown>) => {
    pending.push(JSON.stringify({ time: new Date().toISOString(), level, ...fields }) + "\n");
    if (pending.length >= 1000) void flush();
    else schedule();
  };
  return {
    info: (fields) => write("info", fields),
    error: (fields) => write("error", fields),
    flush: async () => {
      await flushing;
      await flush();
    },
  };
}
