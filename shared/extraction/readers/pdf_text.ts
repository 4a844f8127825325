/**
 * The text layer of a digital PDF as positioned words (pdf.js through unpdf, its build for
 * runtimes without a DOM). Nothing is fetched: no system fonts, no CMap or font files; text
 * from CID fonts without a ToUnicode map (rare in trade documents) is simply not read.
 */
import { getDocumentProxy } from "unpdf";
import type { LayoutPage, TextDocument, Word } from "../layout.ts";
import { ExtractionFailure } from "../provider.ts";
import { checkPdfStreams } from "./pdf_guard.ts";
import { mib, READER_LIMITS, refuse, throwIfAborted, untilAborted } from "./limits.ts";
import { type PdfTextItem, wordsOfItems } from "./pdf_words.ts";
import { splitGluedNumbers } from "./pdf_glued.ts";

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

export async function readPdfText(
  bytes: Uint8Array,
  options: { signal: AbortSignal },
): Promise<TextDocument> {
  if (bytes.length > READER_LIMITS.maxInputBytes) {
    refuse(`The PDF is larger than ${mib(READER_LIMITS.maxInputBytes)}`);
  }
  const signal = AbortSignal.any([options.signal, AbortSignal.timeout(READER_LIMITS.pdfTimeoutMs)]);
  throwIfAborted(signal);
  checkPdfStreams(bytes);
  const doc = await untilAborted(open(bytes), signal);
  try {
    if (doc.numPages > READER_LIMITS.maxPdfPages) {
      refuse(
        `The PDF has ${doc.numPages} pages; the built-in extractor reads documents of at most ` +
          `${READER_LIMITS.maxPdfPages} pages`,
      );
    }
    const pages: LayoutPage[] = [];
    let words = 0;
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await untilAborted(readPage(doc, n), signal);
      words += page.words.length;
      if (words > READER_LIMITS.maxWords) {
        refuse(`The PDF holds more than ${READER_LIMITS.maxWords} words; it is not read`);
      }
      pages.push(page);
    }
    return { kind: "text", source: "pdf_text", pages };
  } finally {
    void doc.loadingTask.destroy().catch(() => {});
  }
}

async function open(bytes: Uint8Array): Promise<PdfDocument> {
  try {
    // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
    return await getDocumentProxy(bytes.slice(), {
      useSystemFonts: false,
      disableFontFace: true,
      useWorkerFetch: false,
      stopAtErrors: false,
      enableXfa: false,
      verbosity: 0,
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    if (name === "PasswordException") refuse("The PDF is encrypted with a password");
    throw new ExtractionFailure(
      `The file could not be read as a PDF${error instanceof Error ? `: ${error.message}` : ""}`,
    );
  }
}

async function readPage(doc: PdfDocument, n: number): Promise<LayoutPage> {
  const page = await doc.getPage(n);
  try {
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent({ disableNormalization: false });
    const items: PdfTextItem[] = content.items.flatMap((i) => "str" in i ? [i] : []);
    const toPage = (x: number, y: number): [number, number] => {
      const [px, py] = viewport.convertToViewportPoint(x, y);
      return [px!, py!];
    };
    const words: Word[] = splitGluedNumbers(wordsOfItems(items, toPage));
    return { width: viewport.width, height: viewport.height, words };
  } finally {
    page.cleanup();
  }
}
