/**
 * Documents bench: the 16 trade documents as PDFs.
 *
 * - In process: renderDocument for each type at 10 and 200 line items, warm, one at a time
 *   (WARMUP renders, then ITERATIONS measured, each with a different validation hash so the QR
 *   code is never a cache hit), fillable as generate-documents renders by default; p50/p99, the
 *   process's CPU time per render (median; steadier than wall time on a shared machine) and the
 *   PDF's size. The dangerous goods declaration gets the fixture's dangerous goods line, the
 *   EUR.1 and the statement on origin go to Switzerland (bench/lib/shipments.ts).
 * - One set through the gateway (the real service in a child process, on a PostgreSQL database of
 *   the section's own): all 16 types for a 10-item shipment. One call cannot pass the pre-checks
 *   of the EUR.1 / statement on origin (destination EU or CH…) and of the USMCA certificate
 *   (destination US, CA, MX) together, so a set is two generate-documents calls sent at the same
 *   moment, 8 types each (CALL_US to the US, CALL_CH to Switzerland), each on a shipment of its
 *   own (created and validated beforehand, not timed; the validation hash goes in the footers).
 *   Timed from sending both calls to the last job seen `completed`, polling
 *   GET /api/v1/jobs/:id for every unfinished job every 50 ms. REPEATS sets, one after another.
 * - Under load: LOAD_SETS sets at once (LOAD_SETS × 16 documents), of 10 line items as above and
 *   of 200 (more rendering per job); documents per second, and the service process's CPU time
 *   (utime + stime of all its threads, /proc/<pid>/stat) over the wall time: above 1 means the
 *   process used more than one core. The same per thread group (main thread, render threads,
 *   V8's own threads) says which threads did, and the machine's busy share says whether the
 *   2 CPUs were full. Here each set polls its jobs in turn (one request in flight per set, every
 *   50 ms while the job it waits for is unfinished), so that polling adds little CPU of its own.
 *
 * - Signing, in process: the service's PAdES signature (DocumentSigner.sign, with a development
 *   certificate made for the run: ECDSA P-256, as the local service's) on the final document of
 *   each type at 10 and 200 items, warm, one at a time; p50/p99 per document and the bytes it
 *   adds.
 *
 * Bars: commercial invoice p50 ≤ 10 ms at 10 items and ≤ 50 ms at 200; every PDF ≤ 60 KB at
 * 10 items; signing p50 < 5 ms per document at 10 items (every type); the median set ≤ 2 s end
 * to end; under load CPU/wall > 1 (at both sizes).
 */
import process from "node:process";
import { PDFDocument } from "@pdfme/pdf-lib";
import { renderDocument } from "../shared/documents/pdf/documents.ts";
import { createDevSigningP12 } from "../shared/documents/signing/dev_identity.ts";
import { DocumentSigner } from "../shared/documents/signing/signer.ts";
import { DOCUMENT_TYPES, type DocumentType } from "../shared/documents/catalogue/document_types.ts";
import type { Cleanup } from "./lib/cleanup.ts";
import { createBenchDatabase } from "./lib/pg.ts";
import { cpuSeconds, type ServerProcess, tail } from "./lib/process.ts";
import { fmt, passFail, printVerdict, runMetadata, table, writeResults } from "./lib/report.ts";
import type { BenchSettings, Section } from "./lib/section.ts";
import {
  call,
  createTeam,
  makeLogDir,
  serviceMetadata,
  startService,
  type Team,
} from "./lib/service.ts";
import {
  documentData,
  hazardousData,
  type ShipmentData,
  shipmentData,
  toSwitzerland,
} from "./lib/shipments.ts";
import {
  loadAverage,
  median,
  type Percentiles,
  percentiles,
  round,
  timeLoop,
} from "./lib/stats.ts";
import {
  busyFraction,
  machineCpu,
  threadCpu,
  threadDelta,
  type ThreadGroups,
} from "./lib/threads.ts";

const SIZES = [10, 200] as const;
const WARMUP = 5;
const ITERATIONS = 30;
const REPEATS = 5;
const LOAD_SETS = 8;
const POLL_MS = 50;
/** The specification's client polls every 2 s (up to 30 times). */
const SPEC_POLL_MS = 2000;
const KB = 1024;
const BARS = {
  invoice10P50Ms: 10,
  invoice200P50Ms: 50,
  max10ItemBytes: 60 * KB,
  setMs: 2000,
  minCpuPerWall: 1,
  sign10P50Ms: 5,
};

/** To the US: the USMCA certificate, and the dangerous goods declaration (hazardous line). */
const CALL_US: DocumentType[] = [
  "COMMERCIAL_INVOICE",
  "PACKING_LIST",
  "BILL_OF_LADING",
  "CERTIFICATE_OF_ORIGIN",
  "PROFORMA_INVOICE",
  "DANGEROUS_GOODS_DECLARATION",
  "AIR_WAYBILL",
  "USMCA_CERTIFICATE_OF_ORIGIN",
];
/** To Switzerland: the EUR.1 and the statement on origin. */
const CALL_CH: DocumentType[] = [
  "SHIPPERS_LETTER_OF_INSTRUCTION",
  "VGM_DECLARATION",
  "INSURANCE_CERTIFICATE",
  "EUR1_MOVEMENT_CERTIFICATE",
  "STATEMENT_ON_ORIGIN",
  "PHYTOSANITARY_CERTIFICATE",
  "HEALTH_VETERINARY_CERTIFICATE",
  "CERTIFICATE_OF_ANALYSIS",
];
const SET_ITEMS = 10;

export const documents: Section = {
  name: "documents",
  summary: "the 16 documents: render times in process, a whole set through the gateway, load",
  run,
};

interface RenderCase {
  type: DocumentType;
  items: number;
  stats: Percentiles;
  /** The process's CPU time per render (all its threads: V8's collector too), median, ms. */
  cpuP50: number;
  bytes: number;
  pages: number;
}

async function run(cleanup: Cleanup, settings: BenchSettings): Promise<void> {
  const covered = new Set([...CALL_US, ...CALL_CH]);
  if (covered.size !== DOCUMENT_TYPES.length || DOCUMENT_TYPES.some((t) => !covered.has(t))) {
    throw new Error("CALL_US and CALL_CH must split the document types between them");
  }
  const metadata = await runMetadata();
  console.log(`load average before: ${loadAverage()} (1, 5, 15 min)`);

  // (a) In process.
  console.log(
    `in process: renderDocument, fillable, ${WARMUP} warm-up + ${ITERATIONS} measured renders ` +
      `per type and size, one at a time on this thread (p99 of ${ITERATIONS} is the maximum)`,
  );
  const renders: RenderCase[] = [];
  for (const items of SIZES) {
    for (const type of DOCUMENT_TYPES) {
      const c = await renderInProcess(type, items);
      renders.push(c);
      console.log(
        `  ${type.padEnd(31)} ${String(items).padStart(3)} items  ` +
          `p50 ${fmt.ms(c.stats.p50).padStart(7)} ms  p99 ${fmt.ms(c.stats.p99).padStart(7)} ms  ` +
          `CPU p50 ${fmt.ms(c.cpuP50).padStart(7)} ms  ` +
          `${String(c.bytes).padStart(8)} bytes  ${c.pages} page(s)`,
      );
    }
  }

  // (a2) Signing in process.
  const dev = await createDevSigningP12();
  const signer = DocumentSigner.fromP12(dev.p12Base64, dev.password);
  console.log(
    `\nsigning in process: DocumentSigner.sign on the final PDF, ${WARMUP} warm-up + ` +
      `${ITERATIONS} measured signatures per type and size (ECDSA P-256 development certificate)`,
  );
  const signings: SignCase[] = [];
  for (const items of SIZES) {
    for (const type of DOCUMENT_TYPES) {
      const c = await signInProcess(signer, type, items);
      signings.push(c);
      console.log(
        `  ${type.padEnd(31)} ${String(items).padStart(3)} items  ` +
          `p50 ${fmt.ms(c.stats.p50).padStart(7)} ms  p99 ${fmt.ms(c.stats.p99).padStart(7)} ms  ` +
          `+${c.addedBytes} bytes`,
      );
    }
  }
  const slowestSign10 = signings.filter((c) => c.items === SIZES[0])
    .reduce((a, b) => (b.stats.p50 > a.stats.p50 ? b : a));

  // The invoice with parties and lines in Chinese, Japanese, Korean, Hebrew and Thai, then with
  // Arabic and Hindi too (shaped, shared/documents/pdf/shaper.ts): what the fallback fonts
  // (shared/documents/pdf/fallback.ts) and shaping cost in time and size.
  const multilingualRenders: (RenderCase & { shaped: boolean })[] = [];
  for (const shaped of [false, true]) {
    for (const items of SIZES) {
      const c = await renderInProcess(
        "COMMERCIAL_INVOICE",
        items,
        multilingual(documentData("COMMERCIAL_INVOICE", items), shaped),
      );
      multilingualRenders.push({ ...c, shaped });
      console.log(
        `  COMMERCIAL_INVOICE, ${shaped ? "CJK/Hebrew/Thai/Arabic/Hindi" : "CJK/Hebrew/Thai"} ${
          String(items).padStart(3)
        } items  ` +
          `p50 ${fmt.ms(c.stats.p50).padStart(7)} ms  p99 ${fmt.ms(c.stats.p99).padStart(7)} ms  ` +
          `CPU p50 ${fmt.ms(c.cpuP50).padStart(7)} ms  ` +
          `${String(c.bytes).padStart(8)} bytes  ${c.pages} page(s)`,
      );
    }
  }

  // (b) One set at a time through the gateway.
  const loadBeforeGateway = Deno.loadavg();
  console.log(`\ngateway: load average before: ${loadAverage()}`);
  const databaseUrl = await createBenchDatabase(cleanup, "documents");
  const logDir = await makeLogDir(cleanup, settings, "documents");
  const service = await startService(cleanup, settings, databaseUrl, logDir);
  const team = await createTeam(service);
  const sets: SetResult[] = [];
  console.log(
    `${REPEATS} sets of 16 documents (${SET_ITEMS} line items), one after another: two calls of ` +
      `8 types sent at once, every unfinished job polled every ${POLL_MS} ms`,
  );
  // One set first, not measured: the render threads load their fonts and templates.
  await runSet(service, team, await prepareSet(service, team), "all");
  for (let i = 0; i < REPEATS; i++) {
    const prepared = await prepareSet(service, team);
    const cpuBefore = await cpuSeconds(service.pid);
    const result = await runSet(service, team, prepared, "all");
    const cpuAfter = await cpuSeconds(service.pid);
    result.cpuPerWall = cpuBefore === null || cpuAfter === null
      ? null
      : (cpuAfter - cpuBefore) / (result.endToEndMs / 1000);
    sets.push(result);
    console.log(
      `  set ${i + 1}: accepted ${fmt.ms(result.acceptedMs)} ms, all 16 completed ` +
        `${fmt.ms(result.endToEndMs)} ms (server ${fmt.ms(result.serverSpanMs)} ms, ` +
        `${result.polls} polls)`,
    );
  }

  // (c) Under load, with the sets' 10 line items and with 200 (more rendering per job).
  const loads: LoadResult[] = [];
  for (const items of SIZES) loads.push(await runLoad(service, team, items));

  // Tables and bars.
  const bySize = (type: DocumentType, items: number) =>
    renders.find((r) => r.type === type && r.items === items)!;
  console.log(
    `\nin process, per document (ms; bytes of the PDF; ≤60KB: at ${SIZES[0]} items, ` +
      `60 KB = ${BARS.max10ItemBytes} bytes)`,
  );
  console.log(table(
    [
      "type",
      "10 p50",
      "10 p99",
      "10 bytes",
      "pages",
      "200 p50",
      "200 p99",
      "200 bytes",
      "pages",
      "≤60KB",
    ],
    DOCUMENT_TYPES.map((type) => {
      const a = bySize(type, SIZES[0]);
      const b = bySize(type, SIZES[1]);
      return [
        type,
        fmt.ms(a.stats.p50),
        fmt.ms(a.stats.p99),
        String(a.bytes),
        String(a.pages),
        fmt.ms(b.stats.p50),
        fmt.ms(b.stats.p99),
        String(b.bytes),
        String(b.pages),
        passFail(a.bytes <= BARS.max10ItemBytes),
      ];
    }),
  ));
  const sum = (items: number, key: "p50" | "mean") =>
    renders.filter((r) => r.items === items).reduce((s, r) => s + r.stats[key], 0);
  console.log(
    `sum of the 16 p50s: ${fmt.ms(sum(10, "p50"))} ms at 10 items, ` +
      `${fmt.ms(sum(200, "p50"))} ms at 200 items (one thread)`,
  );

  const endToEnd = sets.map((s) => s.endToEndMs);
  const setMedian = median(endToEnd);
  console.log(`\nthe 16-document set through the gateway (${SET_ITEMS} line items), ms`);
  console.log(table(
    [
      "set",
      "accepted",
      "end to end",
      "server span",
      `seen at ${SPEC_POLL_MS / 1000} s polls`,
      "svc CPU/wall",
      "polls",
    ],
    [
      ...sets.map((s, i) => [
        String(i + 1),
        fmt.ms(s.acceptedMs),
        fmt.ms(s.endToEndMs),
        fmt.ms(s.serverSpanMs),
        fmt.ms(s.specPollingMs),
        s.cpuPerWall === null ? "n/a" : fmt.ratio(s.cpuPerWall),
        String(s.polls),
      ]),
      [
        "median",
        fmt.ms(median(sets.map((s) => s.acceptedMs))),
        fmt.ms(setMedian),
        fmt.ms(median(sets.map((s) => s.serverSpanMs))),
        fmt.ms(median(sets.map((s) => s.specPollingMs))),
        "",
        "",
      ],
    ],
  ));
  console.log(
    "accepted: both 202 answers; end to end: until the last job was seen completed; server " +
      "span: first job created to last completed (the jobs' own timestamps); seen at 2 s polls: " +
      "when a client polling each job every 2 s after its 202, as the specification's client " +
      "does, would have seen the last one",
  );

  console.log(
    `\nunder load: ${LOAD_SETS} sets at once (${LOAD_SETS * 16} documents); CPU: the service ` +
      "process's CPU seconds over the wall time (main thread, render threads, V8's GC and " +
      "compiler threads); machine: how busy both CPUs were",
  );
  console.log(table(
    [
      "items",
      "docs",
      "wall s",
      "docs/s",
      "set p50 ms",
      "set max ms",
      "svc CPU s",
      "CPU/wall",
      "main",
      "render threads",
      "V8",
      "bench",
      "machine busy",
    ],
    loads.map((l) => [
      String(l.items),
      String(l.documents),
      (l.wallMs / 1000).toFixed(2),
      l.documentsPerSecond.toFixed(1),
      fmt.ms(l.setMedianMs),
      fmt.ms(l.setMaxMs),
      l.cpuSeconds === null ? "n/a" : l.cpuSeconds.toFixed(2),
      l.cpuPerWall === null ? "n/a" : fmt.ratio(l.cpuPerWall),
      l.threads === null ? "n/a" : perWall(l.threads.mainSeconds, l.wallMs),
      l.threads === null
        ? "n/a"
        : l.threads.render.map((r) => perWall(r.seconds, l.wallMs)).join(" + "),
      l.threads === null ? "n/a" : perWall(l.threads.v8Seconds, l.wallMs),
      l.benchCpuPerWall === null ? "n/a" : fmt.ratio(l.benchCpuPerWall),
      l.machineBusy === null ? "n/a" : `${(l.machineBusy * 100).toFixed(0)}%`,
    ]),
  ));
  console.log(
    "main, render threads, V8: that thread group's CPU seconds over the wall time; bench: the " +
      "same for this process (the client sending the calls and polling)",
  );

  const invoice10 = bySize("COMMERCIAL_INVOICE", 10).stats.p50;
  const invoice200 = bySize("COMMERCIAL_INVOICE", 200).stats.p50;
  const at10 = renders.filter((r) => r.items === SIZES[0]);
  const largest10 = at10.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const bars = [
    {
      name: `commercial invoice, 10 items: p50 ≤ ${BARS.invoice10P50Ms} ms`,
      value: `${fmt.ms(invoice10)} ms`,
      pass: invoice10 <= BARS.invoice10P50Ms,
    },
    {
      name: `commercial invoice, 200 items: p50 ≤ ${BARS.invoice200P50Ms} ms`,
      value: `${fmt.ms(invoice200)} ms`,
      pass: invoice200 <= BARS.invoice200P50Ms,
    },
    {
      name: `every PDF at 10 items ≤ 60 KB (${BARS.max10ItemBytes} bytes)`,
      value: `largest ${largest10.bytes} bytes (${largest10.type})`,
      pass: largest10.bytes <= BARS.max10ItemBytes,
    },
    {
      name: `signing, 10 items: p50 < ${BARS.sign10P50Ms} ms per document (slowest type)`,
      value: `${fmt.ms(slowestSign10.stats.p50)} ms (${slowestSign10.type})`,
      pass: slowestSign10.stats.p50 < BARS.sign10P50Ms,
    },
    {
      name: `16-document set, ${SET_ITEMS} items, end to end (median of ${REPEATS}) ≤ ` +
        `${BARS.setMs / 1000} s`,
      value: `${fmt.ms(setMedian)} ms (max ${fmt.ms(Math.max(...endToEnd))} ms)`,
      pass: setMedian <= BARS.setMs,
    },
    ...loads.map((l) => ({
      name: `under load, ${l.items} items: service CPU/wall > ${BARS.minCpuPerWall}`,
      value: l.cpuPerWall === null ? "n/a (no /proc)" : fmt.ratio(l.cpuPerWall),
      pass: l.cpuPerWall !== null && l.cpuPerWall > BARS.minCpuPerWall,
    })),
  ];
  console.log("\nbars");
  console.log(
    table(
      ["bar", "value", "result"],
      bars.map((b) => [b.name, b.value, passFail(b.pass)]),
      new Set([0, 1]),
    ),
  );
  printVerdict(bars);

  const serviceLog = await Deno.stat(service.stdoutFile);
  const file = await writeResults("documents", {
    section: "documents",
    ...metadata,
    load_average_before_gateway: loadBeforeGateway,
    in_process: {
      warmup_renders: WARMUP,
      measured_renders: ITERATIONS,
      final_doc: false,
      multilingual_invoice: multilingualRenders.map((r) => ({
        scripts: r.shaped ? "CJK, Hebrew, Thai, Arabic, Hindi" : "CJK, Hebrew, Thai",
        items: r.items,
        p50_ms: round(r.stats.p50, 3),
        p99_ms: round(r.stats.p99, 3),
        cpu_p50_ms: round(r.cpuP50, 3),
        bytes: r.bytes,
        pages: r.pages,
      })),
      results: renders.map((r) => ({
        type: r.type,
        items: r.items,
        p50_ms: round(r.stats.p50, 3),
        p90_ms: round(r.stats.p90, 3),
        p99_ms: round(r.stats.p99, 3),
        max_ms: round(r.stats.max, 3),
        mean_ms: round(r.stats.mean, 3),
        cpu_p50_ms: round(r.cpuP50, 3),
        bytes: r.bytes,
        pages: r.pages,
      })),
    },
    signing: {
      certificate: "ECDSA P-256, self-signed (development)",
      results: signings.map((c) => ({
        type: c.type,
        items: c.items,
        p50_ms: round(c.stats.p50, 3),
        p99_ms: round(c.stats.p99, 3),
        added_bytes: c.addedBytes,
      })),
    },
    service: {
      ...serviceMetadata(settings, service),
      render_threads: settings.serviceEnv.RENDER_THREADS ?? navigator.hardwareConcurrency,
      worker_concurrency: settings.serviceEnv.WORKER_CONCURRENCY ?? "4",
      request_log_bytes: serviceLog.size,
    },
    sets: {
      items: SET_ITEMS,
      calls: { us: CALL_US, ch: CALL_CH },
      poll_ms: POLL_MS,
      spec_poll_ms: SPEC_POLL_MS,
      runs: sets.map(setSummary),
      median_end_to_end_ms: round(setMedian, 3),
    },
    load: loads.map((l) => ({
      items: l.items,
      sets: LOAD_SETS,
      documents: l.documents,
      load_average_before: l.loadAverageBefore,
      wall_ms: round(l.wallMs, 3),
      documents_per_second: round(l.documentsPerSecond, 2),
      server_span_ms: round(l.serverSpanMs, 3),
      service_cpu_seconds: l.cpuSeconds === null ? null : round(l.cpuSeconds, 3),
      cpu_per_wall: l.cpuPerWall === null ? null : round(l.cpuPerWall, 3),
      threads_cpu_seconds: l.threads,
      machine_busy: l.machineBusy === null ? null : round(l.machineBusy, 3),
      bench_cpu_per_wall: l.benchCpuPerWall === null ? null : round(l.benchCpuPerWall, 3),
      polls: l.polls,
      poll: "in turn per set",
      set_median_ms: round(l.setMedianMs, 3),
      set_max_ms: round(l.setMaxMs, 3),
      runs: l.sets.map(setSummary),
    })),
    bars: {
      invoice_10_p50_ms: { max: BARS.invoice10P50Ms },
      invoice_200_p50_ms: { max: BARS.invoice200P50Ms },
      bytes_at_10_items: { max: BARS.max10ItemBytes },
      set_end_to_end_ms: { max: BARS.setMs, of: `median of ${REPEATS}` },
      load_cpu_per_wall: { min_exclusive: BARS.minCpuPerWall },
      results: bars,
    },
  });
  console.log(`results: ${file}`);
}

const SHIPMENT_ID = "7d7c3a4e-2f1b-4c8e-9a6d-5b4e3c2d1a0f";
const DOCUMENT_ID = "6a1f2e3d-4c5b-4a69-8877-665544332211";
const CREATED_AT = new Date("2026-11-28T09:00:00Z");

/** A different validation hash per render, so the QR code is never a cache hit. */
function hashFor(i: number): string {
  return (i.toString(16).padStart(8, "0") + "c0ffee").repeat(5).slice(0, 64);
}

async function renderInProcess(
  type: DocumentType,
  items: number,
  data = documentData(type, items),
): Promise<RenderCase> {
  let pdf = new Uint8Array();
  const cpu: number[] = [];
  const samples = await timeLoop(async (i) => {
    const hash = hashFor(i);
    const before = process.cpuUsage();
    pdf = await renderDocument(type, data, {
      shipmentId: SHIPMENT_ID,
      shipmentRef: "PO-2026-0042",
      validationHash: hash,
      verifyUrl: `https://docs.example.com/functions/v1/verify-hash/${hash}`,
      finalDoc: false,
      createdAt: CREATED_AT,
      documentId: DOCUMENT_ID,
    });
    const used = process.cpuUsage(before);
    cpu.push((used.user + used.system) / 1000);
  }, { warmupIterations: WARMUP, iterations: ITERATIONS });
  const pages = (await PDFDocument.load(pdf)).getPageCount();
  // The warm-up renders' CPU times are not samples.
  const cpuP50 = median(cpu.slice(WARMUP));
  return { type, items, stats: percentiles(samples), cpuP50, bytes: pdf.byteLength, pages };
}

interface SignCase {
  type: DocumentType;
  items: number;
  stats: Percentiles;
  addedBytes: number;
}

/** The signature alone: the final PDF is rendered once, then signed WARMUP + ITERATIONS times. */
async function signInProcess(
  signer: DocumentSigner,
  type: DocumentType,
  items: number,
): Promise<SignCase> {
  const hash = hashFor(items);
  const pdf = await renderDocument(type, documentData(type, items), {
    shipmentId: SHIPMENT_ID,
    shipmentRef: "PO-2026-0042",
    validationHash: hash,
    verifyUrl: `https://docs.example.com/functions/v1/verify-hash/${hash}`,
    finalDoc: true,
    createdAt: CREATED_AT,
    documentId: DOCUMENT_ID,
  });
  let signed: Uint8Array = pdf;
  const samples = await timeLoop(async () => {
    signed = (await signer.sign(pdf)).bytes;
  }, { warmupIterations: WARMUP, iterations: ITERATIONS });
  return {
    type,
    items,
    stats: percentiles(samples),
    addedBytes: signed.byteLength - pdf.byteLength,
  };
}

/** The data with the parties' names and addresses and every line's description in CJK scripts, Hebrew and Thai. */
function multilingual(data: ShipmentData, shaped: boolean): ShipmentData {
  const copy = structuredClone(data) as Record<string, Record<string, unknown>>;
  copy.exporter = {
    ...copy.exporter,
    name: "חברת יבוא ויצוא בע״מ",
    address: shaped ? "شركة الخليج للتجارة والشحن" : "רחוב הרצל 12",
  };
  copy.importer = {
    ...copy.importer,
    name: "上海进出口有限公司",
    address: "東京都千代田区 서울특별시 강남구",
  };
  const goods = copy.goods as { line_items: Record<string, unknown>[] };
  goods.line_items = goods.line_items.map((li, i) => ({
    ...li,
    description: shaped
      ? ["精密机床主轴", "تمور مجدول درجة أولى", "बासमती चावल प्रीमियम", "部品セット"][i % 4]
      : ["精密机床主轴", "ข้าวหอมมะลิ", "전자 부품", "部品セット"][i % 4],
  }));
  return copy;
}

interface PreparedCall {
  types: DocumentType[];
  body: Record<string, unknown>;
}

type PreparedSet = PreparedCall[];

/**
 * Two shipments (to the US with a dangerous goods line, to Switzerland), each created and
 * validated, and the two generate-documents bodies for them.
 */
async function prepareSet(
  service: ServerProcess,
  team: Team,
  items: number = SET_ITEMS,
): Promise<PreparedSet> {
  const calls: [DocumentType[], ShipmentData][] = [
    [CALL_US, hazardousData(items)],
    [CALL_CH, toSwitzerland(shipmentData(items))],
  ];
  const prepared: PreparedSet = [];
  for (const [types, shipment] of calls) {
    const { shipment_id } = await call<{ shipment_id: string }>(
      service,
      "POST",
      "/functions/v1/create-shipment",
      team.functionHeaders,
      { shipment_data: shipment },
      201,
    );
    const validated = await call<{ passed: boolean; validation_hash: string | null }>(
      service,
      "POST",
      "/functions/v1/validate-shipment",
      team.functionHeaders,
      { shipment, shipment_id },
      200,
    );
    prepared.push({
      types,
      body: {
        shipment,
        document_types: types,
        shipment_id,
        confirm_warnings: true,
        ...(validated.validation_hash ? { validation_hash: validated.validation_hash } : {}),
      },
    });
  }
  return prepared;
}

interface Job {
  id: string;
  status: "queued" | "processing" | "completed" | "failed";
  doc_type: string;
  error_message: string | null;
  created_at: string;
  completed_at: string | null;
}

interface SetResult {
  jobs: number;
  acceptedMs: number;
  endToEndMs: number;
  /** First job created to last job completed, from the jobs' timestamps. */
  serverSpanMs: number;
  serverStartMs: number;
  serverEndMs: number;
  /** When a client polling every 2 s after its 202 would have seen the last job completed. */
  specPollingMs: number;
  polls: number;
  cpuPerWall: number | null;
}

/**
 * Sends the set's calls at once and waits until every job is completed. Polling "all": every
 * unfinished job every POLL_MS; "in turn": one job at a time, the next as soon as one is done.
 */
async function runSet(
  service: ServerProcess,
  team: Team,
  prepared: PreparedSet,
  polling: "all" | "in turn",
): Promise<SetResult> {
  const t0 = performance.now();
  const accepted = await Promise.all(prepared.map(async (p) => {
    const answer = await call<{ jobs: { jobId: string; docType: string }[] }>(
      service,
      "POST",
      "/functions/v1/generate-documents",
      team.functionHeaders,
      p.body,
      202,
    );
    if (answer.jobs.length !== p.types.length) {
      throw new Error(
        `generate-documents queued ${answer.jobs.length} jobs, not ${p.types.length}`,
      );
    }
    return { at: performance.now() - t0, jobs: answer.jobs.map((j) => j.jobId) };
  }));
  const acceptedMs = Math.max(...accepted.map((a) => a.at));
  const acceptedAt = new Map(accepted.flatMap((a) => a.jobs.map((id) => [id, a.at] as const)));
  const seenAt = new Map<string, number>();
  const done = new Map<string, Job>();
  let polls = 0;
  const poll = async (id: string): Promise<boolean> => {
    polls++;
    const job = await call<Job>(service, "GET", `/api/v1/jobs/${id}`, team.apiHeaders, null, 200);
    if (job.status === "failed") {
      throw new Error(
        `job ${id} (${job.doc_type}) failed: ${job.error_message}\n${await tail(
          service.stderrFile,
        )}`,
      );
    }
    if (job.status !== "completed") return false;
    seenAt.set(id, performance.now() - t0);
    done.set(id, job);
    return true;
  };
  const ids = accepted.flatMap((a) => a.jobs);
  if (polling === "all") {
    let pending = ids;
    while (pending.length > 0) {
      const round0 = performance.now();
      const finished = await Promise.all(pending.map(poll));
      pending = pending.filter((_, i) => !finished[i]);
      if (pending.length > 0) await sleep(POLL_MS - (performance.now() - round0));
    }
  } else {
    for (const id of ids) {
      while (!(await poll(id))) await sleep(POLL_MS);
    }
  }
  const endToEndMs = Math.max(...seenAt.values());
  const jobs = [...done.values()];
  const serverStartMs = Math.min(...jobs.map((j) => Date.parse(j.created_at)));
  const serverEndMs = Math.max(...jobs.map((j) => Date.parse(j.completed_at!)));
  const specPollingMs = Math.max(
    ...ids.map((id) => {
      const from = acceptedAt.get(id)!;
      const waited = seenAt.get(id)! - from;
      return from + Math.max(1, Math.ceil(waited / SPEC_POLL_MS)) * SPEC_POLL_MS;
    }),
  );
  return {
    jobs: ids.length,
    acceptedMs,
    endToEndMs,
    serverSpanMs: serverEndMs - serverStartMs,
    serverStartMs,
    serverEndMs,
    specPollingMs,
    polls,
    cpuPerWall: null,
  };
}

interface LoadResult {
  items: number;
  documents: number;
  loadAverageBefore: number[];
  wallMs: number;
  documentsPerSecond: number;
  serverSpanMs: number;
  cpuSeconds: number | null;
  cpuPerWall: number | null;
  threads: ThreadGroups | null;
  machineBusy: number | null;
  /** This process (the client: requests and polls) over the wall time. */
  benchCpuPerWall: number | null;
  polls: number;
  setMedianMs: number;
  setMaxMs: number;
  sets: SetResult[];
}

/** LOAD_SETS sets of `items` line items at once; CPU of the service and of the machine. */
async function runLoad(service: ServerProcess, team: Team, items: number): Promise<LoadResult> {
  const loadAverageBefore = Deno.loadavg();
  console.log(
    `\nunder load: ${LOAD_SETS} sets of ${items} line items at once ` +
      `(${LOAD_SETS * 16} documents), load average before: ${loadAverage()}`,
  );
  const prepared: PreparedSet[] = [];
  for (let i = 0; i < LOAD_SETS; i++) prepared.push(await prepareSet(service, team, items));
  const [cpuBefore, threadsBefore, machineBefore, benchBefore] = await Promise.all([
    cpuSeconds(service.pid),
    threadCpu(service.pid),
    machineCpu(),
    cpuSeconds(Deno.pid),
  ]);
  const t0 = performance.now();
  const sets = await Promise.all(prepared.map((p) => runSet(service, team, p, "in turn")));
  const wallMs = performance.now() - t0;
  const [cpuAfter, threadsAfter, machineAfter, benchAfter] = await Promise.all([
    cpuSeconds(service.pid),
    threadCpu(service.pid),
    machineCpu(),
    cpuSeconds(Deno.pid),
  ]);
  const documents = sets.reduce((n, s) => n + s.jobs, 0);
  const cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  const result: LoadResult = {
    items,
    documents,
    loadAverageBefore,
    wallMs,
    documentsPerSecond: documents / (wallMs / 1000),
    serverSpanMs: Math.max(...sets.map((s) => s.serverEndMs)) -
      Math.min(...sets.map((s) => s.serverStartMs)),
    cpuSeconds: cpu,
    cpuPerWall: cpu === null ? null : cpu / (wallMs / 1000),
    threads: threadsBefore && threadsAfter
      ? threadDelta(service.pid, threadsBefore, threadsAfter)
      : null,
    machineBusy: busyFraction(machineBefore, machineAfter),
    benchCpuPerWall: benchBefore === null || benchAfter === null
      ? null
      : (benchAfter - benchBefore) / (wallMs / 1000),
    polls: sets.reduce((n, s) => n + s.polls, 0),
    setMedianMs: median(sets.map((s) => s.endToEndMs)),
    setMaxMs: Math.max(...sets.map((s) => s.endToEndMs)),
    sets,
  };
  console.log(
    `  ${documents} documents in ${(wallMs / 1000).toFixed(2)} s: ` +
      `${result.documentsPerSecond.toFixed(1)} documents/s, service CPU/wall ` +
      `${result.cpuPerWall === null ? "n/a" : fmt.ratio(result.cpuPerWall)}`,
  );
  return result;
}

function perWall(seconds: number, wallMs: number): string {
  return fmt.ratio(seconds / (wallMs / 1000));
}

function setSummary(s: SetResult) {
  return {
    jobs: s.jobs,
    accepted_ms: round(s.acceptedMs, 3),
    end_to_end_ms: round(s.endToEndMs, 3),
    server_span_ms: round(s.serverSpanMs, 3),
    seen_with_spec_polling_ms: round(s.specPollingMs, 3),
    polls: s.polls,
    service_cpu_per_wall: s.cpuPerWall === null ? null : round(s.cpuPerWall, 3),
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
