/**
 * Complex-script shaping with HarfBuzz: the WebAssembly build of the npm package harfbuzzjs 1.6.4
 * (`dist/harfbuzz.wasm`, MIT, see fonts/LICENSE-harfbuzzjs.txt), called through its C API.
 *
 * The module is read as a file next to this one (fonts/harfbuzz.wasm, shipped as a static file
 * like the fonts) and instantiated the first time a document has text in a script that needs
 * shaping (Arabic, the Indic scripts): documents in other scripts never load it, and the
 * functions' module graphs do not carry it. harfbuzzjs's JavaScript wrapper is not used: the
 * five functions the module imports are provided here, and the few calls shaping needs are
 * made directly.
 */
import type { TrueTypeFont } from "./font.ts";

/** One glyph of a shaped run, in visual (left-to-right drawing) order. */
export interface ShapedGlyph {
  /** Glyph id in the font. */
  gid: number;
  /** UTF-16 index in the run's text of the cluster the glyph belongs to. */
  cluster: number;
  /** Advance and offsets in 1/1000 em. */
  advance: number;
  dx: number;
  dy: number;
}

export interface Shaper {
  /** Shapes `text` (logical order, one script) in `font`; right to left when `rtl`. */
  shape(font: TrueTypeFont, text: string, rtl: boolean): readonly ShapedGlyph[];
}

interface HbExports {
  memory: WebAssembly.Memory;
  __wasm_call_ctors?: () => void;
  malloc(size: number): number;
  free(ptr: number): void;
  hb_blob_create(data: number, length: number, mode: number, user: number, destroy: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_font_create(face: number): number;
  hb_font_set_scale(font: number, x: number, y: number): void;
  hb_buffer_create(): number;
  hb_buffer_clear_contents(buffer: number): void;
  hb_buffer_add_utf16(
    buffer: number,
    text: number,
    length: number,
    offset: number,
    n: number,
  ): void;
  hb_buffer_set_direction(buffer: number, direction: number): void;
  hb_buffer_guess_segment_properties(buffer: number): void;
  hb_buffer_get_length(buffer: number): number;
  hb_buffer_get_glyph_infos(buffer: number, length: number): number;
  hb_buffer_get_glyph_positions(buffer: number, length: number): number;
  hb_shape(font: number, buffer: number, features: number, count: number): void;
}

const HB_MEMORY_MODE_READONLY = 1;
const HB_DIRECTION_LTR = 4;
const HB_DIRECTION_RTL = 5;
/** Shaped words kept per process (the cache starts again when full). */
const CACHE_SIZE = 20_000;

class HarfBuzz implements Shaper {
  readonly #hb: HbExports;
  readonly #fonts = new Map<Uint8Array, number>();
  readonly #buffer: number;
  readonly #cache = new Map<string, readonly ShapedGlyph[]>();
  #text = 0;
  #textCapacity = 0;

  constructor(hb: HbExports) {
    this.#hb = hb;
    this.#buffer = hb.hb_buffer_create();
  }

  /** The HarfBuzz font for a parsed font: its bytes copied into the module once per process. */
  #fontOf(font: TrueTypeFont): number {
    let ptr = this.#fonts.get(font.bytes);
    if (ptr === undefined) {
      const hb = this.#hb;
      const data = hb.malloc(font.bytes.length);
      new Uint8Array(hb.memory.buffer, data, font.bytes.length).set(font.bytes);
      const blob = hb.hb_blob_create(data, font.bytes.length, HB_MEMORY_MODE_READONLY, 0, 0);
      ptr = hb.hb_font_create(hb.hb_face_create(blob, 0));
      hb.hb_font_set_scale(ptr, font.unitsPerEm, font.unitsPerEm);
      this.#fonts.set(font.bytes, ptr);
    }
    return ptr;
  }

  shape(font: TrueTypeFont, text: string, rtl: boolean): readonly ShapedGlyph[] {
    // Words repeat (measured, then drawn; the same description on many lines): shaped once.
    const key = `${rtl ? "r" : "l"}${font.postScriptName} ${text}`;
    let glyphs = this.#cache.get(key);
    if (glyphs === undefined) {
      if (this.#cache.size >= CACHE_SIZE) this.#cache.clear();
      glyphs = this.#shape(font, text, rtl);
      this.#cache.set(key, glyphs);
    }
    return glyphs;
  }

  #shape(font: TrueTypeFont, text: string, rtl: boolean): ShapedGlyph[] {
    const hb = this.#hb;
    const hbFont = this.#fontOf(font);
    if (text.length > this.#textCapacity) {
      if (this.#text) hb.free(this.#text);
      this.#textCapacity = Math.max(64, text.length * 2);
      this.#text = hb.malloc(this.#textCapacity * 2);
    }
    const units = new Uint16Array(hb.memory.buffer, this.#text, text.length);
    for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
    const buffer = this.#buffer;
    hb.hb_buffer_clear_contents(buffer);
    hb.hb_buffer_add_utf16(buffer, this.#text, text.length, 0, text.length);
    hb.hb_buffer_set_direction(buffer, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    hb.hb_buffer_guess_segment_properties(buffer);
    hb.hb_shape(hbFont, buffer, 0, 0);
    const n = hb.hb_buffer_get_length(buffer);
    // hb_glyph_info_t and hb_glyph_position_t are 5 32-bit words each.
    const infos = new Uint32Array(hb.memory.buffer, hb.hb_buffer_get_glyph_infos(buffer, 0), n * 5);
    const positions = new Int32Array(
      hb.memory.buffer,
      hb.hb_buffer_get_glyph_positions(buffer, 0),
      n * 5,
    );
    const scale = 1000 / font.unitsPerEm;
    const out: ShapedGlyph[] = new Array(n);
    for (let i = 0; i < n; i++) {
      out[i] = {
        gid: infos[i * 5]!,
        cluster: infos[i * 5 + 2]!,
        advance: Math.round(positions[i * 5]! * scale),
        dx: Math.round(positions[i * 5 + 2]! * scale),
        dy: Math.round(positions[i * 5 + 3]! * scale),
      };
    }
    return out;
  }
}

let shaper: Promise<Shaper> | null = null;

/** The shaper, instantiated on first use (once per process or worker). */
export function loadShaper(): Promise<Shaper> {
  shaper ??= (async () => {
    const bytes = await Deno.readFile(new URL("./fonts/harfbuzz.wasm", import.meta.url));
    // Called only from inside the module's functions, after instantiation.
    const memory = () => instance.exports.memory as WebAssembly.Memory;
    const { instance } = await WebAssembly.instantiate(bytes, {
      env: {
        _abort_js: () => {
          throw new Error("HarfBuzz aborted");
        },
        _emscripten_runtime_keepalive_clear: () => {},
        _setitimer_js: () => 0,
        // malloc asks for more memory: grow to the requested size in 64 KiB pages.
        emscripten_resize_heap: (requested: number) => {
          const current = memory().buffer.byteLength;
          const pages = Math.ceil(((requested >>> 0) - current) / 65536);
          try {
            memory().grow(Math.max(pages, 1));
            return 1;
          } catch {
            return 0;
          }
        },
      },
      wasi_snapshot_preview1: {
        proc_exit: (code: number) => {
          throw new Error(`HarfBuzz exited (${code})`);
        },
      },
    });
    const hb = instance.exports as unknown as HbExports;
    hb.__wasm_call_ctors?.();
    return new HarfBuzz(hb);
  })();
  shaper.catch(() => {
    shaper = null;
  });
  return shaper;
}
