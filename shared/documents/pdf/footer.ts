/**
 * The footer on every page: document type and shipment reference, the validation hash and the
 * verify URL (with the QR code encoding it, when a hash was given), and "Page x of y".
 */
import type { PageCanvas } from "./canvas.ts";
import { type Fonts, FOOTER_HEIGHT, LEFT, MARGIN, RIGHT } from "./layout.ts";
import type { DocumentSpec, RenderContext } from "./model.ts";
import { FOOTER_GRAY } from "./page_frame.ts";
import { QR_QUIET_MODULES, qrSquareModules } from "./qr.ts";
import { fitText, normalizeText } from "./text.ts";

const SIZE = 6.8;
/** The smallest size the verify URL is set in before it is cut short. */
const MIN_URL_SIZE = 4.5;
/**
 * Side of the QR code's square (quiet zone included), in points. It reaches from just under
 * the footer rule into the bottom page margin: the quiet zone below and right of the symbol
 * lies in the margin, which is blank paper anyway, so the symbol itself can be large.
 */
export const QR_SIZE = 81;

export function drawFooter(
  page: PageCanvas,
  pageIndex: number,
  pageCount: number,
  spec: DocumentSpec,
  ctx: RenderContext,
  fonts: Fonts,
  qrName: string | null,
): void {
  const { regular, bold } = fonts;
  const ruleY = MARGIN + FOOTER_HEIGHT - 4;
  page.line(LEFT, ruleY, RIGHT, ruleY, 0.5, 0);
  const qr = qrName && ctx.verifyUrl ? qrBox(ctx.verifyUrl, ruleY) : null;
  const textRight = qr ? qr.x - 2 : RIGHT;
  const textWidth = textRight - LEFT;

  const pageLabel = `Page ${pageIndex + 1} of ${pageCount}`;
  const pageWidth = bold.width(pageLabel, 7.5);
  let y = ruleY - 10;
  page.text(bold, 7.5, textRight - pageWidth, y, pageLabel);

  const pairs: [string, string][] = [
    ["Document type ", spec.type],
    ["Shipment reference ", normalizeText(ctx.shipmentRef)],
  ];
  let x = LEFT;
  for (const [label, value] of pairs) {
    page.text(regular, SIZE, x, y, label, FOOTER_GRAY);
    x += regular.width(label, SIZE);
    const v = fitText(bold.metrics, value, SIZE, Math.max(20, textRight - pageWidth - 12 - x));
    page.text(bold, SIZE, x, y, v);
    x += bold.width(v, SIZE) + 14;
  }

  y -= 11;
  if (ctx.validationHash) {
    const label = "Validation hash (SHA-256) ";
    page.text(regular, SIZE, LEFT, y, label, FOOTER_GRAY);
    const lw = regular.width(label, SIZE);
    const hash = normalizeText(ctx.validationHash);
    page.text(regular, SIZE, LEFT + lw, y, fitText(regular.metrics, hash, SIZE, textWidth - lw));
    y -= 11;
    if (ctx.verifyUrl) {
      const vl = "Verify at ";
      page.text(regular, SIZE, LEFT, y, vl, FOOTER_GRAY);
      const vx = LEFT + regular.width(vl, SIZE);
      // A person may type the URL from paper: set it smaller rather than cut it short.
      const full = normalizeText(ctx.verifyUrl);
      const room = textRight - vx;
      const size = Math.max(MIN_URL_SIZE, Math.min(SIZE, SIZE * room / regular.width(full, SIZE)));
      const url = fitText(regular.metrics, full, size, room);
      page.text(regular, size, vx, y, url, 0);
      page.links.push({
        rect: [vx, y - 2, vx + regular.width(url, size), y + size],
        uri: ctx.verifyUrl,
      });
      y -= 11;
    }
  } else {
    page.text(regular, SIZE, LEFT, y, "Not validated: no validation hash was given.", FOOTER_GRAY);
    y -= 11;
  }
  if (ctx.shipmentId) {
    page.text(regular, 5.8, LEFT, y, `Shipment ${normalizeText(ctx.shipmentId)}`, FOOTER_GRAY);
  }

  if (qr && qrName) {
    page.xobject(qrName, qr.x, qr.y, QR_SIZE);
    page.links.push({ rect: [qr.x, qr.y, qr.x + QR_SIZE, qr.y + QR_SIZE], uri: ctx.verifyUrl! });
  }
}

/**
 * Where the QR square goes: its top just under the rule, the symbol's right edge on the right
 * margin (the quiet zone beyond it lies in the margin).
 */
function qrBox(verifyUrl: string, ruleY: number): { x: number; y: number } {
  const module = QR_SIZE / qrSquareModules(verifyUrl);
  return {
    x: RIGHT + QR_QUIET_MODULES * module - QR_SIZE,
    y: ruleY - 1 - QR_SIZE,
  };
}
