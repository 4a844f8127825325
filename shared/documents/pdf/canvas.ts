/**
 * One page being drawn: content stream operators as strings (joined and deflated at save), the
 * form field widgets and links placed on it. Tracks the graphics state it has set so repeated
 * colours and line widths are written once.
 */
import type { FontUse } from "./text.ts";
import { num } from "./writer.ts";

export type Align = "left" | "right" | "center";

/** Where an empty value becomes a fillable text field. */
export interface WidgetSpot {
  /** Fully qualified field name (camelCase form path, or a _service_ name). */
  name: string;
  rect: [number, number, number, number];
  multiline: boolean;
  fontSize: number;
  align: Align;
  /** Hidden fields carry a value; visible ones start empty. */
  value?: string;
  hidden?: boolean;
  /** A radio button of the field's group, with this export value. */
  radio?: string;
  /** With `radio` ("Yes"): a check box of its own rather than a button of a radio group. */
  check?: boolean;
}

export interface LinkSpot {
  rect: [number, number, number, number];
  uri: string;
}

export class PageCanvas {
  readonly ops: string[] = [];
  readonly widgets: WidgetSpot[] = [];
  readonly links: LinkSpot[] = [];
  private fillGray = 0;
  private strokeGray = 0;
  private lineWidth = 1;

  private setFill(gray: number): void {
    if (gray !== this.fillGray) {
      this.ops.push(`${num(gray)} g`);
      this.fillGray = gray;
    }
  }

  private setStroke(gray: number, width: number): void {
    if (gray !== this.strokeGray) {
      this.ops.push(`${num(gray)} G`);
      this.strokeGray = gray;
    }
    if (width !== this.lineWidth) {
      this.ops.push(`${num(width)} w`);
      this.lineWidth = width;
    }
  }

  /** Text with its baseline at y, starting at x. `s` must be normalised. */
  text(font: FontUse, size: number, x: number, y: number, s: string, gray = 0): void {
    if (s === "") return;
    this.setFill(gray);
    this.ops.push(`BT ${num(x)} ${num(y)} Td ${font.show(s, size)} ET`);
  }

  /** Text aligned within [x, x + width]. */
  textIn(
    font: FontUse,
    size: number,
    x: number,
    width: number,
    y: number,
    s: string,
    align: Align,
    gray = 0,
  ): void {
    if (align === "left" || s === "") return this.text(font, size, x, y, s, gray);
    const w = font.width(s, size);
    this.text(font, size, align === "right" ? x + width - w : x + (width - w) / 2, y, s, gray);
  }

  line(x1: number, y1: number, x2: number, y2: number, width: number, gray = 0): void {
    this.setStroke(gray, width);
    this.ops.push(`${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`);
  }

  strokeRect(x: number, y: number, w: number, h: number, width: number, gray = 0): void {
    this.setStroke(gray, width);
    this.ops.push(`${num(x)} ${num(y)} ${num(w)} ${num(h)} re S`);
  }

  fillRect(x: number, y: number, w: number, h: number, gray: number): void {
    this.setFill(gray);
    this.ops.push(`${num(x)} ${num(y)} ${num(w)} ${num(h)} re f`);
  }

  /** A tick box of side `size` with its lower left corner at x, y; crossed when `ticked`. */
  tickBox(x: number, y: number, size: number, ticked: boolean): void {
    this.strokeRect(x, y, size, size, 0.5);
    if (ticked) this.ops.push(crossOps(x, y, size));
  }

  /** Draws a form XObject scaled to `size` points square with its lower left corner at x, y. */
  xobject(name: string, x: number, y: number, size: number): void {
    this.ops.push(`q ${num(size)} 0 0 ${num(size)} ${num(x)} ${num(y)} cm /${name} Do Q`);
  }

  content(): string {
    return this.ops.join("\n");
  }
}

/** The two diagonals of a box, inset: the tick of a ticked box (stroked in the current colour). */
export function crossOps(x: number, y: number, size: number): string {
  const i = size * 0.2;
  return `q 0 G ${num(size * 0.12)} w ${num(x + i)} ${num(y + i)} m ${num(x + size - i)} ` +
    `${num(y + size - i)} l ${num(x + i)} ${num(y + size - i)} m ${num(x + size - i)} ` +
    `${num(y + i)} l S Q`;
}
