import { describe, expect, it } from "vitest"
import type { DeliveryArea } from "./delivery"
import { deliveryAreaOf } from "./delivery-area"

/** [what a shopper typed as the city (or the whole address), the area it is charged as] */
const CASES: [string | null | undefined, DeliveryArea][] = [
  // Dhaka, as written in English
  ["Dhaka", "dhaka"],
  ["dhaka", "dhaka"],
  ["DHAKA", "dhaka"],
  ["  Dhaka  ", "dhaka"],
  ["Dhaka City", "dhaka"],
  ["Dhaka city corporation", "dhaka"],
  ["Dhaka North", "dhaka"],
  ["North Dhaka Cantonment", "dhaka"],
  ["DHAKA-1207", "dhaka"],
  ["Dhaka 1207", "dhaka"],
  ["Dhaka1207", "dhaka"],
  ["Dhaka.", "dhaka"],
  ["Dhaka, Bangladesh", "dhaka"],
  ["DhakaCity", "dhaka"],
  ["Old Dhaka", "dhaka"],
  // ... in Bengali, Bengali digits and case endings included
  ["ঢাকা", "dhaka"],
  ["ঢাকা-১২০৭", "dhaka"],
  ["ঢাকা ১২০৭", "dhaka"],
  ["ঢাকায়", "dhaka"],
  ["ঢাকা সিটি", "dhaka"],
  ["মিরপুর, ঢাকা", "dhaka"],
  // ... misspelt, and the old spelling
  ["Dahka", "dhaka"],
  ["Dhacca", "dhaka"],
  ["Dacca", "dhaka"],
  ["Daka", "dhaka"],
  ["Dakha", "dhaka"],
  ["Dhakka", "dhaka"],
  ["Dhaaka", "dhaka"],
  ["Dhk", "dhaka"],
  // the city's areas written instead of the city
  ["Mirpur", "dhaka"],
  ["Mirpur-10", "dhaka"],
  ["Mirpur 1", "dhaka"],
  ["Uttara", "dhaka"],
  ["Uttara Sector 7", "dhaka"],
  ["Dhanmondi", "dhaka"],
  ["Dhanmondi 27", "dhaka"],
  ["Gulshan-2", "dhaka"],
  ["Banani", "dhaka"],
  ["Mohammadpur", "dhaka"],
  ["Mohammedpur", "dhaka"],
  ["Motijheel", "dhaka"],
  ["Badda", "dhaka"],
  ["Tejgaon", "dhaka"],
  ["Khilgaon", "dhaka"],
  ["Jatrabari", "dhaka"],
  ["Rampura", "dhaka"],
  ["Bashundhara R/A", "dhaka"],
  ["Mohakhali DOHS", "dhaka"],
  ["Farmgate", "dhaka"],
  ["Shyamoli", "dhaka"],
  ["Lalbagh", "dhaka"],
  ["Wari", "dhaka"],
  ["House 12, Road 5, Dhanmondi", "dhaka"],
  ["মিরপুর", "dhaka"],
  ["মিরপুর-১০", "dhaka"],
  ["উত্তরা", "dhaka"],
  ["ধানমন্ডি", "dhaka"],
  ["ধানমণ্ডি", "dhaka"],
  ["গুলশান", "dhaka"],
  ["মোহাম্মদপুর", "dhaka"],
  ["যাত্রাবাড়ী", "dhaka"],
  ["বাড্ডা", "dhaka"],
  // Dhaka district beyond the city corporations: outside, unless the address names Dhaka (the spec: "contains dhaka")
  ["Savar", "outside"],
  ["Savar, Dhaka", "dhaka"],
  ["Ashulia, Savar, Dhaka", "dhaka"],
  ["Keraniganj", "outside"],
  ["South Keraniganj, Dhaka", "dhaka"],
  ["Dhamrai", "outside"],
  ["Dohar", "outside"],
  ["সাভার, ঢাকা", "dhaka"],
  ["কেরানীগঞ্জ", "outside"],
  // other districts, including ones next to Dhaka
  ["Sylhet", "outside"],
  ["Chattogram", "outside"],
  ["Chittagong", "outside"],
  ["Narayanganj", "outside"],
  ["Gazipur", "outside"],
  ["Tongi, Gazipur", "outside"],
  ["Cox's Bazar", "outside"],
  ["Comilla", "outside"],
  ["চট্টগ্রাম", "outside"],
  ["সিলেট", "outside"],
  ["নারায়ণগঞ্জ", "outside"],
  ["গাজীপুর", "outside"],
  // an area name shared with another district: the district decides
  ["Mirpur, Kushtia", "outside"],
  ["Banani, Bogura", "outside"],
  ["মিরপুর, কুষ্টিয়া", "outside"],
  // not Dhaka, though they look a little like it
  ["Dhakuria", "outside"],
  ["Dhaki", "outside"],
  ["Dakshin Surma", "outside"],
  ["Rajshahi", "outside"],
  ["Uttarpara", "outside"],
  ["উত্তরাঞ্চল", "outside"],
  ["ডাক", "outside"],
  // nothing said
  ["", "outside"],
  ["   ", "outside"],
  ["1207", "outside"],
  [undefined, "outside"],
  [null, "outside"],
]

describe("deliveryAreaOf", () => {
  it.each(CASES)("%j is %s", (city, area) => {
    expect(deliveryAreaOf(city)).toBe(area)
  })

  it("reads Bengali letters however they were encoded (ড়, য় as one letter or two)", () => {
    // য় as U+09DF and as U+09AF U+09BC; ঢাকায় "in Dhaka"
    expect(deliveryAreaOf("ঢাকা\u09DF")).toBe("dhaka")
    expect(deliveryAreaOf("ঢাকা\u09AF\u09BC")).toBe("dhaka")
    // নারায়ণগঞ্জ both ways
    expect(deliveryAreaOf("নারা\u09DFণগঞ্জ")).toBe("outside")
    expect(deliveryAreaOf("নারা\u09AF\u09BCণগঞ্জ")).toBe("outside")
    // a zero-width joiner or non-joiner typed inside the word
    expect(deliveryAreaOf("ঢা\u200cকা")).toBe("dhaka")
    expect(deliveryAreaOf("মির\u200dপুর")).toBe("dhaka")
  })
})
