/**
 * generate-documents' pre-checks (they block) and soft warnings (they ask for confirmation).
 * Both read the field requirements table (required → pre-check, recommended → warning), the
 * same table document-field-requirements serves; the pre-checks add the specification's rules
 * that are more than presence (dangerous goods lines, preferential-origin destinations).
 */
import { PAN_EURO_PARTNERS, USMCA_COUNTRIES } from "../../reference/country_groups.ts";
import type { DocumentType } from "../catalogue/document_types.ts";
import { FIELD_REQUIREMENTS, type Tab } from "../catalogue/field_requirements.ts";
import { isPresent, readPath, type ShipmentData, toFieldPath } from "../catalogue/paths.ts";
import { isHazardous } from "../../validation/rules/business.ts";
import { lineItemsOf } from "../../validation/rules/context.ts";

export interface Finding {
  message: string;
  fieldPath: string;
  tab: Tab;
}

export interface PreCheckErrors {
  docType: DocumentType;
  errors: Finding[];
}

export interface Warnings {
  docType: DocumentType;
  warnings: Finding[];
}

type Rule = (data: ShipmentData, eu: ReadonlySet<string>) => Finding[];

const destination = (data: ShipmentData): unknown => data.route?.destination_country;

const preferentialOrigin: Rule = (data, eu) => {
  const findings: Finding[] = [];
  const to = destination(data);
  if (typeof to !== "string" || !(eu.has(to) || PAN_EURO_PARTNERS.has(to))) {
    findings.push({
      message:
        `The destination must be an EU member state or one of ${
          [...PAN_EURO_PARTNERS].join(", ")
        } ` +
        `(it is ${typeof to === "string" ? to : "not given"})`,
      fieldPath: "route.destinationCountry",
      tab: "route",
    });
  }
  if (data.route?.origin_country === "US") {
    findings.push({
      message: "Goods of US origin cannot travel under EUR.1 or a statement on origin",
      fieldPath: "route.originCountry",
      tab: "route",
    });
  }
  return findings;
};

const RULES: Partial<Record<DocumentType, Rule>> = {
  DANGEROUS_GOODS_DECLARATION: (data) => {
    const hazardous = lineItemsOf(data).filter(({ item }) => isHazardous(item));
    if (hazardous.length === 0) {
      return [{
        message: "No line item is flagged hazardous (is_hazardous, or compliance_flags with dgd)",
        fieldPath: "goods.lineItems",
        tab: "goods",
      }];
    }
    return hazardous.flatMap(({ path, item }) =>
      (["un_number", "hazard_class"] as const)
        .filter((key) => !isPresent(item[key]))
        .map((key) => ({
          message: `${path} is hazardous and needs ${
            key === "un_number" ? "a UN number" : "a hazard class"
          }`,
          fieldPath: toFieldPath(`${path}.${key}`),
          tab: "goods" as const,
        }))
    );
  },
  EUR1_MOVEMENT_CERTIFICATE: preferentialOrigin,
  STATEMENT_ON_ORIGIN: preferentialOrigin,
  USMCA_CERTIFICATE_OF_ORIGIN: (data) => {
    const to = destination(data);
    return typeof to === "string" && USMCA_COUNTRIES.has(to) ? [] : [{
      message: `The destination must be US, CA or MX (it is ${
        typeof to === "string" ? to : "not given"
      })`,
      fieldPath: "route.destinationCountry",
      tab: "route",
    }];
  },
};

/** Pre-check errors of every requested type, collected together; empty when all pass. */
export function preCheck(
  types: readonly DocumentType[],
  data: ShipmentData,
  euMembers: ReadonlySet<string>,
): PreCheckErrors[] {
  return types.flatMap((docType) => {
    const missing = FIELD_REQUIREMENTS[docType].required
      .filter((spec) => !isPresent(readPath(data, spec.dataPath)))
      .map((spec) => ({
        message: `${spec.label} is required for this document`,
        fieldPath: spec.fieldPath,
        tab: spec.tab,
      }));
    const errors = [...missing, ...(RULES[docType]?.(data, euMembers) ?? [])];
    return errors.length ? [{ docType, errors }] : [];
  });
}

/** Soft warnings: recommended fields that are missing, which will stay blank if confirmed. */
export function softWarnings(
  types: readonly DocumentType[],
  data: ShipmentData,
): Warnings[] {
  return types.flatMap((docType) => {
    const warnings = FIELD_REQUIREMENTS[docType].recommended
      .filter((spec) => !isPresent(readPath(data, spec.dataPath)))
      .map((spec) => ({
        message: `${spec.label} is missing: it will be left blank`,
        fieldPath: spec.fieldPath,
        tab: spec.tab,
      }));
    return warnings.length ? [{ docType, warnings }] : [];
  });
}

/** Warning lists by document type, merged: one entry per type, in the order types first appear. */
export function mergeWarnings(...lists: Warnings[][]): Warnings[] {
  const byType = new Map<DocumentType, Finding[]>();
  for (const list of lists) {
    for (const { docType, warnings } of list) {
      byType.set(docType, [...(byType.get(docType) ?? []), ...warnings]);
    }
  }
  return [...byType].map(([docType, warnings]) => ({ docType, warnings }));
}
