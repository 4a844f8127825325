/**
 * One side of bench/render_ab.ts, run in a child process inside a checkout (with that
 * checkout's deno.json): renderDocument of that checkout's engine, per type at 10 and 200 line
 * items, warm, one at a time; prints one JSON line with, per case, the process's CPU time per
 * render (median; every thread, V8's collector included), the wall time (median) and the PDF's
 * size. It imports only what every version of the engine has had: renderDocument (at
 * shared/documents/pdf/ since the folder layout of dda8b12, at shared/pdf/ before) and the
 * bench's documentData.
 *
 *   deno run -A --config <checkout>/deno.json bench/lib/render_child.ts <checkout> <iterations> <types>
 */
import process from "node:process";

type Render = (type: string, data: unknown, ctx: Record<string, unknown>) => Promise<Uint8Array>;

const [root, iterationArg, typeArg] = Deno.args as [string, string, string];
const iterations = Number(iterationArg);
const WARMUP = 10;

async function engine(): Promise<Render> {
  for (const path of ["shared/documents/pdf/documents.ts", "shared/pdf/documents.ts"]) {
    const file = `${root}/${path}`;
    try {
      await Deno.stat(file);
    } catch {
      continue;
    }
    return ((await import(file)) as { renderDocument: Render }).renderDocument;
  }
  throw new Error(`${root}: no shared/documents/pdf/documents.ts nor shared/pdf/documents.ts`);
}

const renderDocument = await engine();
const { documentData } = (await import(`${root}/bench/lib/shipments.ts`)) as {
  documentData: (type: string, items: number) => unknown;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** A different validation hash per render, so that no QR code is a cache hit. */
function contextFor(i: number): Record<string, unknown> {
  const hash = (i.toString(16).padStart(8, "0") + "5eed").repeat(6).slice(0, 64);
  return {
    shipmentId: "7d7c3a4e-2f1b-4c8e-9a6d-5b4e3c2d1a0f",
    shipmentRef: "PO-2026-0042",
    validationHash: hash,
    verifyUrl: `https://docs.example.com/functions/v1/verify-hash/${hash}`,
    finalDoc: false,
    createdAt: new Date("2026-11-28T09:00:00Z"),
    documentId: "6a1f2e3d-4c5b-4a69-8877-665544332211",
  };
}

const cases = [];
for (const type of typeArg.split(",")) {
  for (const items of [10, 200]) {
    const data = documentData(type, items);
    let n = 0;
    for (let i = 0; i < WARMUP; i++) await renderDocument(type, data, contextFor(n++));
    const cpu: number[] = [];
    const wall: number[] = [];
    let bytes = 0;
    for (let i = 0; i < iterations; i++) {
      const before = process.cpuUsage();
      const start = performance.now();
      bytes = (await renderDocument(type, data, contextFor(n++))).byteLength;
      wall.push(performance.now() - start);
      const used = process.cpuUsage(before);
      cpu.push((used.user + used.system) / 1000);
    }
    cases.push({ type, items, cpuMs: median(cpu), wallMs: median(wall), bytes });
  }
}
console.log(JSON.stringify({ root, load: Deno.loadavg()[0], cases }));
