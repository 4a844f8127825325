/**
 * The XMP metadata of a flattened document: PDF/A identification (part 2, conformance B),
 * dc:title, the dates, producer and creator tool (equal to the Info dictionary's), the document
 * and instance ids, and the service's own properties (shipment id, document type, shipment
 * reference, hash stamp) in a custom schema that is described in a pdfaExtension schema
 * description, as ISO 19005-2 6.6.2.3 requires for properties outside the predefined schemas.
 */
import { hyphenatedUuid } from "../../platform/util/uuid.ts";

export const SERVICE_NAMESPACE = "https://trade-docs.dev/ns/service/1.0/";
export const SERVICE_PREFIX = "tds";

/** The service properties, in the order they are described and written. */
export const SERVICE_PROPERTIES = [
  ["shipmentId", "The shipment the document was generated for (_service_shipment_id)"],
  ["docType", "The document type (_service_doc_type)"],
  ["shipmentRef", "The shipment reference (_service_shipment_ref)"],
  ["docLabel", "The label the flatten request gave the document"],
  ["hashStamp", "The hash stamp printed on every page"],
] as const;

export type ServiceProperty = (typeof SERVICE_PROPERTIES)[number][0];

export interface XmpFields {
  title: string;
  created: Date;
  modified: Date;
  producer: string;
  creatorTool: string;
  /** 32 hex digits each: the trailer /ID's two parts. */
  documentId: string;
  instanceId: string;
  service: Partial<Record<ServiceProperty, string>>;
}

export function xmpPacket(f: XmpFields): string {
  const service = SERVICE_PROPERTIES
    .filter(([key]) => f.service[key] !== undefined)
    .map(([key]) => `<${SERVICE_PREFIX}:${key}>${xml(f.service[key]!)}</${SERVICE_PREFIX}:${key}>`)
    .join("\n");
  const described = SERVICE_PROPERTIES.map(([key, description]) =>
    `<rdf:li rdf:parseType="Resource">
<pdfaProperty:name>${key}</pdfaProperty:name>
<pdfaProperty:valueType>Text</pdfaProperty:valueType>
<pdfaProperty:category>internal</pdfaProperty:category>
<pdfaProperty:description>${xml(description)}</pdfaProperty:description>
</rdf:li>`
  ).join("\n");
  return `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
<pdfaid:part>2</pdfaid:part>
<pdfaid:conformance>B</pdfaid:conformance>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:format>application/pdf</dc:format>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xml(f.title)}</rdf:li></rdf:Alt></dc:title>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
<xmp:CreateDate>${xmpDate(f.created)}</xmp:CreateDate>
<xmp:ModifyDate>${xmpDate(f.modified)}</xmp:ModifyDate>
<xmp:MetadataDate>${xmpDate(f.modified)}</xmp:MetadataDate>
<xmp:CreatorTool>${xml(f.creatorTool)}</xmp:CreatorTool>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
<pdf:Producer>${xml(f.producer)}</pdf:Producer>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/">
<xmpMM:DocumentID>${uuidUrn(f.documentId)}</xmpMM:DocumentID>
<xmpMM:InstanceID>${uuidUrn(f.instanceId)}</xmpMM:InstanceID>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:${SERVICE_PREFIX}="${SERVICE_NAMESPACE}">
${service}
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
<pdfaExtension:schemas>
<rdf:Bag>
<rdf:li rdf:parseType="Resource">
<pdfaSchema:schema>Trade document service properties</pdfaSchema:schema>
<pdfaSchema:namespaceURI>${SERVICE_NAMESPACE}</pdfaSchema:namespaceURI>
<pdfaSchema:prefix>${SERVICE_PREFIX}</pdfaSchema:prefix>
<pdfaSchema:property>
<rdf:Seq>
${described}
</rdf:Seq>
</pdfaSchema:property>
</rdf:li>
</rdf:Bag>
</pdfaExtension:schemas>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
${" ".repeat(99)}
<?xpacket end="w"?>`;
}

/** ISO 8601 in UTC, seconds precision: the form the Info dictionary's dates map to. */
export function xmpDate(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** The Info dictionary's form of the same instant: D:YYYYMMDDHHmmSS+00'00'. */
export function pdfDate(d: Date): string {
  const iso = xmpDate(d);
  return `D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}` +
    `${iso.slice(14, 16)}${iso.slice(17, 19)}+00'00'`;
}

function uuidUrn(hex: string): string {
  return `uuid:${hyphenatedUuid(hex.toLowerCase())}`;
}

/** Text for XML content: escaped, and without characters XML 1.0 cannot carry. */
export function xml(s: string): string {
  return s.replace(
    // deno-lint-ignore no-control-regex
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    "",
  ).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
