/**
 * A loopback TCP proxy in front of a server (PostgreSQL) that can be stopped and started again
 * on the same port: stopping closes the listener and every connection, as a database restart
 * or an outage does to its clients.
 */
export class TcpProxy {
  #listener: Deno.Listener | undefined;
  readonly #conns = new Set<Deno.Conn>();
  #port: number;

  constructor(readonly target: { hostname: string; port: number }, port = 0) {
    this.#port = port;
  }

  get port(): number {
    return this.#port;
  }

  get running(): boolean {
    return this.#listener !== undefined;
  }

  start(): void {
    if (this.#listener) return;
    const listener = Deno.listen({ hostname: "127.0.0.1", port: this.#port });
    this.#port = (listener.addr as Deno.NetAddr).port;
    this.#listener = listener;
    void this.#accept(listener);
  }

  stop(): void {
    this.#listener?.close();
    this.#listener = undefined;
    for (const conn of this.#conns) this.#close(conn);
  }

  async #accept(listener: Deno.Listener): Promise<void> {
    for await (const client of listener) {
      this.#conns.add(client);
      Deno.connect(this.target).then((server) => {
        this.#conns.add(server);
        void this.#pipe(client, server);
        void this.#pipe(server, client);
      }, () => this.#close(client));
    }
  }

  async #pipe(from: Deno.Conn, to: Deno.Conn): Promise<void> {
    try {
      await from.readable.pipeTo(to.writable);
    } catch {
      // Either side went away: the other follows below.
    }
    this.#close(from);
    this.#close(to);
  }

  #close(conn: Deno.Conn): void {
    if (!this.#conns.delete(conn)) return;
    try {
      conn.close();
    } catch {
      // Already closed by the pipe.
    }
  }
}
