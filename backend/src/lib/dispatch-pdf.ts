import { readFileSync } from "node:fs"
import type { Writable } from "node:stream"
import bwipjs from "bwip-js/node"
import PDFDocument from "pdfkit"
import { formatDateTime, formatMoney } from "@shop/contract"

/** One order as its invoice and its parcel's label show it. */
export type PrintOrder = {
  orderNumber: string
  placedAt: string
  status: string
  name: string
  phone: string
  address: string
  /** "Inside Dhaka" / "Outside Dhaka" */
  area: string
  items: { title: string; quantity: number; unitPrice: number }[]
  deliveryCharge: number
  total: number
  /** taka already received (bKash): the courier collects the rest */
  paid: number
  payment: string
  courier: {
    name: string
    consignmentId: string | null
    trackingCode: string | null
    trackingUrl: string | null
  } | null
}

export type PrintShop = { name: string; phone: string }

/**
 * The faces the papers are drawn with: the shop's own Noto Sans Bengali (the
 * @fontsource files the storefront serves), its Bengali and Latin subsets in
 * two weights. Read once per process; each document embeds only the glyphs it uses.
 */
type Faces = { bn: Buffer; bnBold: Buffer; latin: Buffer; latinBold: Buffer }
let faces: Faces | undefined
function loadFaces(): Faces {
  const file = (name: string) =>
    readFileSync(require.resolve(`@fontsource/noto-sans-bengali/files/noto-sans-bengali-${name}-normal.woff`))
  faces ??= {
    bn: file("bengali-400"),
    bnBold: file("bengali-700"),
    latin: file("latin-400"),
    latinBold: file("latin-700"),
  }
  return faces
}

const A4 = { width: 595.28, height: 841.89 }
const A6 = { width: 297.64, height: 419.53 }
const INK = "#111111"
const MUTED = "#555555"

type Doc = InstanceType<typeof PDFDocument>
type Weight = "regular" | "bold"

type WriteOptions = {
  width: number
  align?: "left" | "right" | "center"
  /** a wrapped text's most height, cut with an ellipsis */
  height?: number
}

/**
 * Writes text at the cursor in the face that has each character (Bengali
 * letters, marks and digits, ৳, in the Bengali subset; the rest in the Latin
 * one), shaped by fontkit (conjuncts, reph, vowel signs), inside a marked
 * span whose ActualText is the text as typed: a PDF reader copies and
 * extracts the words in their order, not the glyphs' visual order. A text
 * that fits its width is placed run by run (aligned as asked); a longer one
 * wraps, left aligned. The cursor ends under it.
 */
function write(doc: Doc, text: string, size: number, weight: Weight, options: WriteOptions) {
  const runs = runsOf(text, weight)
  const widths = runs.map((run) => doc.font(run.font).fontSize(size).widthOfString(run.text))
  const total = widths.reduce((a, b) => a + b, 0)
  const x0 = doc.x
  const y0 = doc.y
  doc.markContent("Span", { actual: text })
  if (total <= options.width) {
    const free = options.width - total
    let x = x0 + (options.align === "right" ? free : options.align === "center" ? free / 2 : 0)
    runs.forEach((run, i) => {
      doc.font(run.font).fontSize(size).text(run.text, x, y0, { lineBreak: false })
      x += widths[i]!
    })
    doc.x = x0
    doc.y = y0 + doc.fontSize(size).currentLineHeight(true)
  } else {
    runs.forEach((run, i) => {
      doc
        .font(run.font)
        .fontSize(size)
        .text(run.text, {
          width: options.width,
          height: options.height,
          ellipsis: options.height ? true : undefined,
          continued: i < runs.length - 1,
        })
    })
    doc.x = x0
  }
  doc.endMarkedContent()
}

const BENGALI = /[\u0980-\u09FF\u200C\u200D]/u
function runsOf(text: string, weight: Weight): { font: string; text: string }[] {
  const runs: { font: string; text: string }[] = []
  for (const ch of text.replace(/[\r\n\t]+/g, " ")) {
    const font = BENGALI.test(ch) ? (weight === "bold" ? "bn-bold" : "bn") : weight === "bold" ? "latin-bold" : "latin"
    const last = runs[runs.length - 1]
    if (last && last.font === font) last.text += ch
    else runs.push({ font, text: ch })
  }
  return runs
}

/** A Code 128 barcode drawn as bars (sharp at any printer's resolution), its text under it. */
function code128(doc: Doc, text: string, x: number, y: number, width: number, height: number) {
  const [encoded] = bwipjs.raw("code128", text, {})
  if (!encoded || !("sbs" in encoded)) return
  const modules = encoded.sbs.reduce((a, b) => a + b, 0)
  const unit = width / modules
  let at = x
  doc.save().fillColor("#000000")
  encoded.sbs.forEach((w, i) => {
    // bar, space, bar...: even places are bars
    if (i % 2 === 0) doc.rect(at, y, w * unit, height).fill()
    at += w * unit
  })
  doc.restore()
}

/** A QR code drawn as squares. */
function qr(doc: Doc, text: string, x: number, y: number, size: number) {
  const [encoded] = bwipjs.raw("qrcode", text, "eclevel=M")
  if (!encoded || !("pixs" in encoded)) return
  const unit = size / encoded.pixx
  doc.save().fillColor("#000000")
  for (let row = 0; row < encoded.pixy; row++)
    for (let col = 0; col < encoded.pixx; col++)
      if (encoded.pixs[row * encoded.pixx + col]) doc.rect(x + col * unit, y + row * unit, unit, unit).fill()
  doc.restore()
}

const cashToCollect = (o: PrintOrder) => Math.max(0, o.total - o.paid)

function invoice(doc: Doc, shop: PrintShop, o: PrintOrder) {
  doc.addPage({ size: [A4.width, A4.height], margins: { top: 48, left: 48, right: 48, bottom: 0 } })
  const left = 48
  const right = A4.width - 48
  const width = right - left
  doc.fillColor(INK)
  write(doc, shop.name, 20, "bold", { width: width / 2 })
  doc.fillColor(MUTED)
  write(doc, shop.phone, 10, "regular", { width: width / 2 })
  // the order's number as a barcode, top right: the desk scans it
  doc.fillColor(INK)
  doc.y = 48
  write(doc, "INVOICE", 16, "bold", { align: "right", width })
  write(doc, o.orderNumber, 11, "regular", { align: "right", width })
  write(doc, formatDateTime(o.placedAt), 9, "regular", { align: "right", width })
  code128(doc, o.orderNumber, right - 190, doc.y + 4, 190, 36)
  doc.y += 52

  doc.moveTo(left, doc.y).lineTo(right, doc.y).strokeColor("#cccccc").stroke()
  doc.y += 12
  doc.x = left
  doc.fillColor(MUTED)
  write(doc, "Deliver to", 9, "regular", { width })
  doc.fillColor(INK)
  write(doc, o.name, 13, "bold", { width })
  write(doc, o.phone, 12, "regular", { width })
  write(doc, o.address, 12, "regular", { width })
  doc.fillColor(MUTED)
  write(doc, o.area, 10, "regular", { width })
  doc.y += 14

  // the lines
  const cols = [left, left + width * 0.58, left + width * 0.7, left + width * 0.85]
  const head = doc.y
  doc.fillColor(MUTED)
  ;["Product", "Qty", "Unit price", "Total"].forEach((label, i) => {
    doc.y = head
    doc.x = cols[i]!
    write(doc, label, 9, "bold", { width: (i === 0 ? width * 0.56 : width * 0.14) - 4, align: i ? "right" : "left" })
  })
  doc.y = head + 16
  doc.moveTo(left, doc.y).lineTo(right, doc.y).strokeColor("#cccccc").stroke()
  doc.fillColor(INK)
  for (const item of o.items) {
    const top = doc.y + 6
    const cells = [
      item.title,
      String(item.quantity),
      formatMoney(item.unitPrice),
      formatMoney(item.unitPrice * item.quantity),
    ]
    let bottom = top
    cells.forEach((cell, i) => {
      doc.y = top
      doc.x = cols[i]!
      write(doc, cell, 10, "regular", {
        width: (i === 0 ? width * 0.56 : width * 0.14) - 4,
        align: i ? "right" : "left",
      })
      bottom = Math.max(bottom, doc.y)
    })
    doc.y = bottom
  }
  doc.y += 8
  doc.moveTo(left, doc.y).lineTo(right, doc.y).strokeColor("#cccccc").stroke()
  doc.y += 8
  const subtotal = o.items.reduce((sum, i) => sum + i.unitPrice * i.quantity, 0)
  const sums: [string, string, Weight][] = [
    ["Subtotal", formatMoney(subtotal), "regular"],
    ["Delivery", formatMoney(o.deliveryCharge), "regular"],
    ["Total", formatMoney(o.total), "bold"],
    ...(o.paid > 0 ? ([["Paid by bKash", `-${formatMoney(o.paid)}`, "regular"]] as [string, string, Weight][]) : []),
  ]
  for (const [label, value, weight] of sums) {
    const top = doc.y
    doc.x = cols[2]!
    write(doc, label, 10, weight, { width: width * 0.14 - 4, align: "right" })
    doc.y = top
    doc.x = cols[3]!
    write(doc, value, 10, weight, { width: width * 0.14 - 4, align: "right" })
  }
  doc.y += 10
  doc.x = left
  write(doc, `Cash to collect: ${formatMoney(cashToCollect(o))}`, 16, "bold", { width, align: "right" })
  doc.fillColor(MUTED)
  write(doc, o.payment, 9, "regular", { width, align: "right" })
  doc.y += 16
  doc.x = left
  if (o.courier) {
    doc.fillColor(INK)
    write(doc, `Courier: ${o.courier.name}`, 10, "regular", { width })
    if (o.courier.consignmentId) write(doc, `Consignment: ${o.courier.consignmentId}`, 10, "regular", { width })
    if (o.courier.trackingCode) write(doc, `Tracking: ${o.courier.trackingCode}`, 10, "regular", { width })
  }
  doc.fillColor(MUTED)
  doc.y = A4.height - 80
  write(doc, `Thank you for shopping with ${shop.name}. Questions: ${shop.phone}`, 9, "regular", {
    width,
    align: "center",
  })
}

function label(doc: Doc, shop: PrintShop, o: PrintOrder) {
  const margin = 14
  doc.addPage({ size: [A6.width, A6.height], margins: { top: margin, left: margin, right: margin, bottom: 0 } })
  const left = margin
  const width = A6.width - 2 * margin
  doc.fillColor(MUTED)
  write(doc, `${shop.name} · ${shop.phone}`, 8, "regular", { width })
  doc.fillColor(INK)
  const top = doc.y + 4
  code128(doc, o.orderNumber, left, top, width * 0.62, 30)
  doc.y = top + 32
  doc.x = left
  write(doc, o.orderNumber, 9, "bold", { width: width * 0.62 })

  // the courier's consignment as bars, its tracking code (or link) as a QR code
  const tracking = o.courier?.trackingUrl || o.courier?.trackingCode || null
  if (tracking) qr(doc, tracking, left + width - 62, top, 62)
  doc.y = Math.max(doc.y, top + 64)
  doc.x = left
  if (o.courier) {
    write(doc, o.courier.name, 9, "bold", { width })
    if (o.courier.consignmentId) {
      const at = doc.y + 2
      code128(doc, o.courier.consignmentId, left, at, width * 0.62, 22)
      doc.y = at + 24
      doc.x = left
      write(doc, `Consignment ${o.courier.consignmentId}`, 8, "regular", { width })
    }
    if (o.courier.trackingCode) write(doc, `Tracking ${o.courier.trackingCode}`, 8, "regular", { width })
  } else {
    doc.fillColor(MUTED)
    write(doc, "Not booked with a courier yet", 8, "regular", { width })
    doc.fillColor(INK)
  }
  doc.y += 4
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .strokeColor("#000000")
    .stroke()
  doc.y += 6
  write(doc, o.name, 12, "bold", { width })
  write(doc, o.phone, 12, "bold", { width })
  write(doc, o.address, 10.5, "regular", { width, height: 86 })
  write(doc, o.area, 8, "regular", { width })
  // the cash the rider collects, large, at the foot
  const items = o.items.map((i) => `${i.quantity} × ${i.title}`).join(", ")
  doc.y = A6.height - margin - 70
  doc.x = left
  doc.fillColor(MUTED)
  write(doc, items, 7.5, "regular", { width, height: 20 })
  doc.fillColor(INK)
  doc.y = A6.height - margin - 46
  doc.x = left
  write(doc, "Cash to collect (COD)", 8, "bold", { width })
  write(doc, formatMoney(cashToCollect(o)), 26, "bold", { width })
}

/**
 * One PDF for the chosen orders: their A4 invoices first, then their A6
 * labels in the same order (a desk prints the first half on its A4 printer
 * and the second on its label printer), streamed to `out` as it is made.
 */
export function renderDispatchPdf(orders: PrintOrder[], shop: PrintShop, out: Writable): Promise<void> {
  const f = loadFaces()
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    info: {
      Title: `Orders ${orders
        .map((o) => o.orderNumber)
        .join(", ")
        .slice(0, 200)}`,
      Producer: shop.name,
    },
    lang: "bn",
  })
  doc.registerFont("bn", f.bn)
  doc.registerFont("bn-bold", f.bnBold)
  doc.registerFont("latin", f.latin)
  doc.registerFont("latin-bold", f.latinBold)
  const done = new Promise<void>((resolve, reject) => {
    out.on("finish", resolve)
    out.on("error", reject)
    doc.on("error", reject)
  })
  doc.pipe(out)
  for (const order of orders) invoice(doc, shop, order)
  for (const order of orders) label(doc, shop, order)
  doc.end()
  return done
}
