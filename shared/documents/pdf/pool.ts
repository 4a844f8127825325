import type { DocumentRenderer } from "../jobs/renderer.ts";
import type { DocumentType } from "../catalogue/document_types.ts";
import type { ShipmentData } from "../../shipments/types.ts";
import type { RenderContext } from "./model.ts";

interface Pending {
  resolve(bytes: Uint8Array): void;
  reject(error: Error): void;
}

interface Task {
  id: number;
  docType: DocumentType;
  data: ShipmentData;
  ctx: RenderContext;
}

/**
 * Renders on Web Workers, so PDF layout runs on every core while the main thread keeps
 * answering requests. Each thread loads the font and templates once and takes one task at a
 * time; tasks queue here until a thread is free.
 */
export class RenderPool implements DocumentRenderer {
  readonly #idle: Worker[] = [];
  readonly #queue: Task[] = [];
  readonly #pending = new Map<number, Pending>();
  readonly #busy = new Map<Worker, number>();
  readonly #workers: Worker[] = [];
  #next = 0;

  constructor(threads: number) {
    for (let i = 0; i < threads; i++) {
      const worker = new Worker(new URL("./render_thread.ts", import.meta.url), { type: "module" });
      worker.onmessage = (
        event: MessageEvent<{ id: number; pdf?: Uint8Array; error?: string }>,
      ) => {
        const { id, pdf, error } = event.data;
        const pending = this.#pending.get(id);
        this.#pending.delete(id);
        this.#busy.delete(worker);
        if (pending) {
          if (pdf) pending.resolve(pdf);
          else pending.reject(new Error(error ?? "the render thread failed"));
        }
        this.#dispatch(worker);
      };
      worker.onerror = (event) => {
        event.preventDefault();
        const id = this.#busy.get(worker);
        if (id !== undefined) {
          this.#pending.get(id)?.reject(new Error(`render thread crashed: ${event.message}`));
          this.#pending.delete(id);
        }
      };
      this.#workers.push(worker);
      this.#idle.push(worker);
    }
  }

  render(
    docType: DocumentType,
    data: ShipmentData,
    ctx: RenderContext,
  ): Promise<Uint8Array> {
    const id = this.#next++;
    const result = new Promise<Uint8Array>((resolve, reject) =>
      this.#pending.set(id, { resolve, reject })
    );
    this.#queue.push({ id, docType, data, ctx });
    const worker = this.#idle.pop();
    if (worker) this.#dispatch(worker);
    return result;
  }

  close(): void {
    for (const worker of this.#workers) worker.terminate();
    for (const pending of this.#pending.values()) {
      pending.reject(new Error("the render pool closed"));
    }
    this.#pending.clear();
  }

  #dispatch(worker: Worker): void {
    const task = this.#queue.shift();
    if (!task) {
      this.#idle.push(worker);
      return;
    }
    this.#busy.set(worker, task.id);
    worker.postMessage(task);
  }
}
