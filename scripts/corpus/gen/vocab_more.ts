/**
 * Further wordings for the labels of sources g251 onwards (gen/vary.ts): ones the first 250
 * sources never print, so that the tune split holds wordings an extractor tuned on the older
 * sources has not seen, as documents from other hands would. Only the labels an extractor reads
 * values by; the rest keep gen/vocab.ts.
 */
import type { LabelKey, Lang } from "./vocab.ts";

type More = Partial<Record<LabelKey, readonly string[]>>;

const en: More = {
  exporter: ["Vendor", "Manufacturer / Exporter", "Beneficiary", "Shipper / Exporter"],
  importer: ["Ship to", "Purchaser", "Invoice to", "Sold To Party", "Consignee / Buyer"],
  invoiceNo: ["Invoice Ref.", "Document No.", "Invoice no", "Our ref."],
  date: ["Dated", "Issue date", "Invoice date"],
  incoterm: ["Incoterms 2020", "Terms of sale", "Shipping terms"],
  pol: ["Port of shipment", "Loading at", "POL"],
  pod: ["Final destination", "Port of arrival", "POD"],
  subtotal: ["Net value of goods", "Merchandise total", "Subtotal goods"],
  freight: ["Freight & handling", "Shipping"],
  discount: ["Trade discount", "Special discount"],
  total: ["Total invoice value", "TOTAL DUE", "Total amount payable", "Net total"],
  colNo: ["S/N", "Pos"],
  colDesc: ["Item description", "Description of Goods / Services", "Particulars", "Commodity"],
  colHs: ["H.S. Code", "HTS No.", "Customs tariff no."],
  colQty: ["Quantity shipped", "No. of units", "QTY (PCS)", "Qty."],
  colUnit: ["Unit of measure", "UoM"],
  colPrice: ["Price per unit", "Unit value", "Unit cost", "Price/Unit"],
  colAmount: ["Extended price", "Total value", "Net amount", "Amount (net)"],
};

const de: More = {
  exporter: ["Ausführer", "Hersteller / Verkäufer", "Lieferer"],
  importer: ["Warenempfänger", "Besteller", "Lieferanschrift", "Auftraggeber"],
  invoiceNo: ["Beleg-Nr.", "Rechnungs Nr.", "Nummer"],
  date: ["Rechnungs-Datum", "Belegdatum"],
  incoterm: ["Lieferbed.", "Incoterms 2020"],
  pol: ["Abgangshafen", "Verschiffungshafen"],
  pod: ["Empfangshafen", "Bestimmungsort"],
  subtotal: ["Nettowarenwert", "Summe netto", "Zwischensumme netto"],
  freight: ["Frachtanteil", "Transportkosten"],
  discount: ["Sonderrabatt", "Skonto"],
  total: ["Rechnungssumme", "Zu zahlen", "Gesamt netto"],
  colDesc: ["Artikel", "Warenbeschreibung", "Text"],
  colHs: ["Statist. Warennr.", "Zolltarif"],
  colQty: ["Liefermenge", "Stück", "Mge."],
  colPrice: ["Preis je Einheit", "EP", "Einzelpr."],
  colAmount: ["Positionswert", "Gesamtpr.", "GP"],
};

const fr: More = {
  exporter: ["Fabricant / Exportateur", "Émetteur", "Société"],
  importer: ["Livré à", "Adresse de livraison", "Commettant", "Adressé à"],
  invoiceNo: ["Réf. facture", "N° pièce", "Facture numéro"],
  date: ["Émise le", "Date d'édition"],
  incoterm: ["Conditions de vente", "Incoterms 2020"],
  pol: ["Port d'expédition", "Lieu de chargement"],
  pod: ["Port d'arrivée", "Destination finale"],
  subtotal: ["Total HT", "Montant des marchandises"],
  freight: ["Frais de port", "Transport"],
  discount: ["Remise commerciale", "Ristourne"],
  total: ["Total TTC", "Montant à régler", "TOTAL GÉNÉRAL"],
  colDesc: ["Libellé", "Article", "Nature des marchandises"],
  colHs: ["Position tarifaire", "Code NC"],
  colQty: ["Qté livrée", "Nombre", "Quantité (pcs)"],
  colPrice: ["PU HT", "Prix U.", "Px unitaire"],
  colAmount: ["Total HT", "Montant total", "Prix total"],
};

const es: More = {
  exporter: ["Fabricante / Exportador", "Emisor", "Empresa"],
  importer: ["Enviar a", "Facturar a", "Dirección de entrega"],
  invoiceNo: ["Nº factura", "Documento nº", "Ref. factura"],
  date: ["Emitida el", "Fecha de expedición"],
  incoterm: ["Condición de venta", "Incoterms 2020"],
  pol: ["Puerto de salida", "Lugar de carga"],
  pod: ["Puerto de llegada", "Destino final"],
  subtotal: ["Base imponible", "Suma"],
  freight: ["Transporte", "Portes"],
  discount: ["Descuento comercial", "Bonificación"],
  total: ["Total a pagar", "Importe factura", "TOTAL GENERAL"],
  colDesc: ["Denominación", "Producto", "Mercancía"],
  colHs: ["Código arancelario", "Posición arancelaria"],
  colQty: ["Uds.", "Cantidad (uds)", "Unid."],
  colPrice: ["Precio", "Precio/ud.", "P.U."],
  colAmount: ["Total línea", "Subtotal", "Importe neto"],
};

const it: More = {
  exporter: ["Ditta", "Produttore / Esportatore", "Cedente"],
  importer: ["Cessionario", "Destinazione merce", "Spett.le", "Intestatario"],
  invoiceNo: ["Documento n.", "Nr. fattura", "Numero documento"],
  date: ["Data emissione", "Data del documento"],
  incoterm: ["Termini di resa", "Incoterms 2020"],
  pol: ["Porto di partenza", "Luogo di carico"],
  pod: ["Porto di arrivo", "Destinazione finale"],
  subtotal: ["Totale imponibile", "Totale merci"],
  freight: ["Spese di spedizione", "Trasporto marittimo"],
  discount: ["Sconto commerciale", "Abbuono"],
  total: ["Totale da pagare", "Netto a pagare", "TOTALE EURO"],
  colDesc: ["Descrizione articolo", "Denominazione", "Merce"],
  colHs: ["Cod. doganale", "Voce tariffa"],
  colQty: ["Q.ta", "Quantità (pz)", "Pezzi"],
  colPrice: ["Prezzo un.", "Prezzo cad.", "P. unitario"],
  colAmount: ["Importo riga", "Totale riga", "Imponibile"],
};

const nl: More = {
  exporter: ["Fabrikant / Exporteur", "Afzender / Verkoper", "Uitgever"],
  importer: ["Afleveradres", "Besteller", "Factuuradres", "Koper / Ontvanger"],
  invoiceNo: ["Factuur nr.", "Documentnummer", "Referentie"],
  date: ["Datum factuur", "Uitgiftedatum"],
  incoterm: ["Verkoopvoorwaarden", "Incoterms 2020"],
  pol: ["Haven van vertrek", "Laadplaats"],
  pod: ["Haven van aankomst", "Eindbestemming"],
  subtotal: ["Totaal goederen", "Netto bedrag"],
  freight: ["Verzendkosten", "Transportkosten"],
  discount: ["Korting op factuur", "Handelskorting"],
  total: ["Te betalen", "Factuurbedrag", "TOTAAL"],
  colDesc: ["Artikel", "Goederenomschrijving", "Product"],
  colHs: ["GN-code", "Tariefcode"],
  colQty: ["Aantal st.", "Hoev.", "Stuks"],
  colPrice: ["Prijs per stuk", "Eenheidsprijs", "Prijs/st."],
  colAmount: ["Regeltotaal", "Totaal", "Waarde"],
};

const pl: More = {
  exporter: ["Producent / Eksporter", "Wystawca", "Firma"],
  importer: ["Odbiorca towaru", "Płatnik", "Adres dostawy", "Zamawiający"],
  invoiceNo: ["Nr faktury", "Faktura numer", "Numer dokumentu"],
  date: ["Data wystawienia faktury", "Wystawiono dnia"],
  incoterm: ["Warunki sprzedaży", "Incoterms 2020"],
  pol: ["Port wysyłki", "Miejsce załadunku"],
  pod: ["Port przybycia", "Miejsce przeznaczenia"],
  subtotal: ["Wartość towarów", "Razem netto"],
  freight: ["Koszty wysyłki", "Transport"],
  discount: ["Upust", "Rabat handlowy"],
  total: ["Do zapłaty", "Wartość faktury", "RAZEM DO ZAPŁATY"],
  colDesc: ["Nazwa towaru", "Nazwa", "Towar"],
  colHs: ["Kod taryfy celnej", "PCN"],
  colQty: ["Liczba", "Ilość szt.", "Szt."],
  colPrice: ["Cena jedn.", "Cena netto", "Cena za szt."],
  colAmount: ["Wartość", "Wartość netto", "Kwota"],
};

const pt: More = {
  exporter: ["Fabricante / Exportador", "Emitente", "Empresa"],
  importer: ["Entregar a", "Faturar a", "Adquirente", "Cliente / Destinatário"],
  invoiceNo: ["Nº da fatura", "Documento nº", "Fatura n.º"],
  date: ["Emitida em", "Data de emissão da fatura"],
  incoterm: ["Condição de venda", "Incoterms 2020"],
  pol: ["Porto de saída", "Local de embarque"],
  pod: ["Porto de chegada", "Destino final"],
  subtotal: ["Total das mercadorias", "Valor líquido"],
  freight: ["Transporte", "Despesas de frete"],
  discount: ["Abatimento", "Desconto comercial"],
  total: ["Total a pagar", "Valor total da fatura", "TOTAL GERAL"],
  colDesc: ["Designação", "Produto", "Mercadoria"],
  colHs: ["Código pautal", "NCM"],
  colQty: ["Qtd", "Unidades", "Quant."],
  colPrice: ["Preço unit.", "Preço/un.", "Valor unitário"],
  colAmount: ["Valor", "Total linha", "Valor líquido"],
};

const tr: More = {
  exporter: ["Üretici / İhracatçı", "Firma", "Düzenleyen"],
  importer: ["Teslim adresi", "Fatura adresi", "Sayın", "Müşteri"],
  invoiceNo: ["Belge No", "Fatura numarası", "Seri / Sıra No"],
  date: ["Düzenleme tarihi", "Fatura tarihi"],
  incoterm: ["Satış şekli", "Incoterms 2020"],
  pol: ["Çıkış limanı", "Yükleme yeri"],
  pod: ["Varış limanı", "Nihai varış yeri"],
  subtotal: ["Mal bedeli", "Ara toplam"],
  freight: ["Taşıma bedeli", "Nakliye"],
  discount: ["İskonto tutarı", "Özel indirim"],
  total: ["Ödenecek tutar", "Fatura toplamı", "GENEL TOPLAM"],
  colDesc: ["Malın cinsi", "Ürün", "Mal hizmet"],
  colHs: ["GTİP No", "Tarife no"],
  colQty: ["Adet", "Miktarı", "Mik."],
  colPrice: ["Birim fiyatı", "B. Fiyat", "Fiyat"],
  colAmount: ["Tutarı", "Toplam tutar", "Mal hizmet tutarı"],
};

const zh: More = {
  exporter: ["供货商", "卖方/出口商", "发票人"],
  importer: ["买方/收货人", "客户", "付款人", "进口方"],
  invoiceNo: ["发票编号", "单据号", "NO."],
  date: ["开票日期", "日 期"],
  incoterm: ["成交方式", "价格条款"],
  pol: ["起运港", "装货港口"],
  pod: ["到达港", "卸货港口"],
  subtotal: ["货物总值", "合计"],
  freight: ["海运费", "运杂费"],
  discount: ["优惠", "减免"],
  total: ["总 计", "发票总额", "应付总额"],
  colDesc: ["商品名称", "货物描述", "名称及规格"],
  colHs: ["海关编码", "HS编码"],
  colQty: ["件数", "数 量"],
  colPrice: ["单 价", "单价(含税)"],
  colAmount: ["总价", "金 额"],
};

const ja: More = {
  exporter: ["出荷者", "売り手", "発行者"],
  importer: ["買い手", "請求先", "納品先", "荷受人/買主"],
  invoiceNo: ["請求書番号", "伝票番号", "No."],
  date: ["発行日", "請求日"],
  incoterm: ["貿易条件", "取引条件"],
  pol: ["積出港", "船積地"],
  pod: ["荷揚港", "到着港"],
  subtotal: ["商品合計", "税抜合計"],
  freight: ["海上運賃", "送料"],
  discount: ["値引", "割戻し"],
  total: ["請求金額", "総額", "合計(税込)"],
  colDesc: ["商品名", "品目", "品名・仕様"],
  colHs: ["関税番号", "統計品目番号"],
  colQty: ["数 量", "個数"],
  colPrice: ["単 価", "単価(円)"],
  colAmount: ["金 額", "小計"],
};

export const VOCAB_MORE: Record<Lang, More> = { en, de, fr, es, it, nl, pl, pt, tr, zh, ja };

/** A zero VAT line export invoices print before the total ("VAT 0 %"). */
export const ZERO_TAX: Record<Lang, readonly string[]> = {
  en: ["VAT 0 %", "Sales tax (0%)", "VAT (zero-rated export)"],
  de: ["MwSt. 0 %", "USt. 0 % (steuerfreie Ausfuhr)"],
  fr: ["TVA 0 %", "TVA (exonérée, export)"],
  es: ["IVA 0 %", "IVA exento (exportación)"],
  it: ["IVA 0 %", "IVA non imponibile art. 8"],
  nl: ["BTW 0 %", "BTW 0% (export)"],
  pl: ["VAT 0 %", "VAT 0% (eksport)"],
  pt: ["IVA 0 %", "IVA isento (exportação)"],
  tr: ["KDV %0", "KDV (ihracat istisnası)"],
  zh: ["增值税 0%", "税额 0%"],
  ja: ["消費税 0%", "消費税(免税)"],
};

/** Lines a description cell may carry below the goods name that are neither origin nor HS. */
export const OTHER_NOTES: Record<Lang, readonly string[]> = {
  en: ["Lot no. {n}", "PO {n}", "Colour: black", "Batch {n}"],
  de: ["Charge {n}", "Bestellung {n}", "Farbe: schwarz"],
  fr: ["Lot n° {n}", "Commande {n}", "Couleur : noir"],
  es: ["Lote {n}", "Pedido {n}", "Color: negro"],
  it: ["Lotto {n}", "Ordine {n}", "Colore: nero"],
  nl: ["Partij {n}", "Order {n}", "Kleur: zwart"],
  pl: ["Partia {n}", "Zamówienie {n}", "Kolor: czarny"],
  pt: ["Lote {n}", "Pedido {n}", "Cor: preto"],
  tr: ["Parti {n}", "Sipariş {n}", "Renk: siyah"],
  zh: ["批号 {n}", "订单 {n}"],
  ja: ["ロット {n}", "注文 {n}"],
};

/** A heading row inside the item table ("Order PO-4711"), not an item. */
export const SECTION: Record<Lang, readonly string[]> = {
  en: ["Order {n}", "Shipment 1 of 1", "Goods as per order {n}"],
  de: ["Auftrag {n}", "Lieferung 1/1", "Gemäß Bestellung {n}"],
  fr: ["Commande {n}", "Livraison 1/1"],
  es: ["Pedido {n}", "Envío 1/1"],
  it: ["Ordine {n}", "Spedizione 1/1"],
  nl: ["Order {n}", "Zending 1/1"],
  pl: ["Zamówienie {n}", "Wysyłka 1/1"],
  pt: ["Pedido {n}", "Remessa 1/1"],
  tr: ["Sipariş {n}", "Sevkiyat 1/1"],
  zh: ["订单 {n}"],
  ja: ["注文 {n}"],
};

/** Sub-labels inside a party block ("Name: …", "Address: …", "Country: …"). */
export const PARTY_SUB: Record<Lang, readonly [string, string, string]> = {
  en: ["Name", "Address", "Country"],
  de: ["Name", "Anschrift", "Land"],
  fr: ["Nom", "Adresse", "Pays"],
  es: ["Nombre", "Dirección", "País"],
  it: ["Ragione sociale", "Indirizzo", "Paese"],
  nl: ["Naam", "Adres", "Land"],
  pl: ["Nazwa", "Adres", "Kraj"],
  pt: ["Nome", "Morada", "País"],
  tr: ["Unvan", "Adres", "Ülke"],
  zh: ["名称", "地址", "国家"],
  ja: ["会社名", "住所", "国名"],
};
