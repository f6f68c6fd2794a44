import { model } from "@medusajs/framework/utils"

/**
 * An order's phone check: the one-time code sent by SMS that releases an
 * order the fake-order guard holds. Only a keyed hash of the code is kept
 * (never the code); the state moves only through the service's guarded
 * statements, so parallel guesses count every try.
 */
const SmsCode = model
  .define("sms_code", {
    id: model.id({ prefix: "smscode" }).primaryKey(),
    order_id: model.text().unique(),
    /** 8801XXXXXXXXX */
    phone: model.text(),
    /** HMAC-SHA256 of the check's id and the code out (the steps key it with the server's secret) */
    code_hash: model.text(),
    expires_at: model.dateTime(),
    /** when a new code may be asked for */
    resend_at: model.dateTime(),
    /** wrong tries on the code out */
    tries: model.number().default(0),
    /** codes sent in all */
    codes: model.number().default(1),
    /** waiting, verified or locked ("expired" and "spent" are read from the times and counts) */
    state: model.enum(["waiting", "verified", "locked"]).default("waiting"),
    verified_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["phone", "created_at"] }])

export default SmsCode
