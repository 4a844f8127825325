import { assertEquals } from "../support/assert.ts";
import { readRepoText } from "./markdown.ts";

const ROOT = new URL("../../", import.meta.url);
const PAGES = [
  "README.md",
  ...[...Deno.readDirSync(new URL("docs/", ROOT))]
    .filter((e) => e.isFile && e.name.endsWith(".md")).map((e) => `docs/${e.name}`).sort(),
];
/** Folders of this repository: a path in backticks that starts with one must exist. */
const REPO_PATH =
  /`((?:bench|data|docs|functions|migrations|scripts|shared|supabase|tests)\/[^`\s]*)`/g;

function exists(url: URL): boolean {
  try {
    Deno.statSync(url);
    return true;
  } catch {
    return false;
  }
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").trim().replace(/\s/g, "-");
}

function anchors(markdown: string): Set<string> {
  const withoutCode = markdown.replace(/^```[\s\S]*?^```/gm, "");
  return new Set([...withoutCode.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)));
}

/** Every link and repository path of a page that leads nowhere, or out of the repository. */
async function brokenReferences(page: string): Promise<string[]> {
  const text = await readRepoText(page);
  const pageUrl = new URL(page, ROOT);
  const broken: string[] = [];
  const targets = [
    ...[...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!),
    ...[...text.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]!),
  ];
  for (const target of targets) {
    if (/^https?:/.test(target)) continue;
    const [path, anchor] = target.split("#") as [string, string | undefined];
    const url = path ? new URL(path, pageUrl) : pageUrl;
    if (!url.href.startsWith(ROOT.href)) broken.push(`${target}: outside the repository`);
    else if (!exists(url)) broken.push(`${target}: no such file`);
    else if (anchor && url.pathname.endsWith(".md")) {
      if (!anchors(await Deno.readTextFile(url)).has(anchor)) {
        broken.push(`${target}: no such heading`);
      }
    }
  }
  for (const [, path] of text.matchAll(REPO_PATH)) {
    if (/[<*…]/.test(path!) || path!.includes("...")) continue;
    if (!exists(new URL(path!.replace(/[.,:;]$/, ""), ROOT))) {
      broken.push(`\`${path}\`: no such path`);
    }
  }
  if (text.includes("../")) broken.push("`../`: a path that leaves the folder");
  return broken;
}

for (const page of PAGES) {
  Deno.test(`${page}: every link and path leads to something in the repository`, async () => {
    assertEquals(await brokenReferences(page), []);
  });
}

Deno.test("README.md stays short enough to read top to bottom (at most 350 lines)", async () => {
  const lines = (await readRepoText("README.md")).trimEnd().split("\n").length;
  assertEquals(lines <= 350, true, `README.md has ${lines} lines`);
});
