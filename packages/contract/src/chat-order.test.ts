import { describe, expect, it } from "vitest"
import { readChatOrder } from "./chat-order"

/**
 * Real-looking messages as staff paste them from Messenger or type them during
 * a call: labelled and not, English, Banglish and Bengali, Bengali digits,
 * +880 and 01 numbers, extra chatter around the details.
 */
describe("readChatOrder", () => {
  const cases: {
    text: string
    phone: string | null
    name: string | null
    address: string | null
    area?: "dhaka" | "outside"
  }[] = [
    {
      text: "Name: Rahim Uddin\nPhone: 01712-345678\nAddress: House 12, Road 5, Mirpur 10, Dhaka",
      phone: "01712345678",
      name: "Rahim Uddin",
      address: "House 12, Road 5, Mirpur 10, Dhaka",
      area: "dhaka",
    },
    {
      text: "নাম: রহিম উদ্দিন\nমোবাইল: ০১৭১২৩৪৫৬৭৮\nঠিকানা: বাড়ি ১২, রোড ৫, মিরপুর ১০, ঢাকা",
      phone: "01712345678",
      name: "রহিম উদ্দিন",
      address: "বাড়ি ১২, রোড ৫, মিরপুর ১০, ঢাকা",
      area: "dhaka",
    },
    {
      text: "আমার নাম সুমি আক্তার, ফোন নম্বর +৮৮০ ১৯১২-৩৪৫৬৭৮\nঠিকানা: কুমিল্লা সদর, কান্দিরপাড়",
      phone: "01912345678",
      name: "সুমি আক্তার",
      address: "কুমিল্লা সদর, কান্দিরপাড়",
      area: "outside",
    },
    {
      text: "Karim Hossain\n+8801812345678\nAgrabad, Chattogram",
      phone: "01812345678",
      name: "Karim Hossain",
      address: "Agrabad, Chattogram",
      area: "outside",
    },
    {
      text: "vai amar nam Jamal. number 01612 345 678. thikana: Savar bazar, Dhaka. 2 ta lagbe L size",
      phone: "01612345678",
      name: "Jamal",
      address: "Savar bazar, Dhaka. 2 ta lagbe L size",
      area: "dhaka",
    },
    {
      text: "Assalamu alaikum\nOrder confirm korte chai\nNasrin Akter\n01556-789012\nVill: Charpara, Post: Sherpur Sadar, Dist: Sherpur",
      phone: "01556789012",
      name: "Nasrin Akter",
      address: "Vill: Charpara, Post: Sherpur Sadar, Dist: Sherpur",
      area: "outside",
    },
    {
      text: "ঠিকানা: উত্তরা সেক্টর ৭, রোড ১৫\nবাসা ২৩\nনাম - তানভীর আহমেদ\nফোন ০১৩১১-২২৩৩৪৪",
      phone: "01311223344",
      name: "তানভীর আহমেদ",
      address: "উত্তরা সেক্টর ৭, রোড ১৫, বাসা ২৩",
      area: "dhaka",
    },
    {
      text: "Customer name: Mitu\nContact number: 8801711000111\nDelivery address: Dhanmondi 27, flat 4B",
      phone: "01711000111",
      name: "Mitu",
      address: "Dhanmondi 27, flat 4B",
      area: "dhaka",
    },
    {
      text: "Price koto? Ami nibo.\n01911-000222\nRajshahi, Boalia thana, Kazihata",
      phone: "01911000222",
      name: null,
      address: "Rajshahi, Boalia thana, Kazihata",
      area: "outside",
    },
    {
      text: "নামঃ শাহানা পারভীন\nনাম্বারঃ ০১৪০০১২৩৪৫৬\nএড্রেসঃ ময়মনসিংহ, গফরগাঁও, পাগলা বাজার",
      phone: "01400123456",
      name: "শাহানা পারভীন",
      address: "ময়মনসিংহ, গফরগাঁও, পাগলা বাজার",
      area: "outside",
    },
    {
      text: "Mobile: 01712-000999, Name: Arif Hasan, Address: Road 3, Banani, Dhaka",
      phone: "01712000999",
      name: "Arif Hasan",
      address: "Road 3, Banani, Dhaka",
      area: "dhaka",
    },
    {
      text: "নাম: মিতা রানী, মোবাইল: ০১৩১২৩৪৫৬৭৮, ঠিকানা: রংপুর সদর, জাহাজ কোম্পানি মোড়",
      phone: "01312345678",
      name: "মিতা রানী",
      address: "রংপুর সদর, জাহাজ কোম্পানি মোড়",
      area: "outside",
    },
    {
      text: "Sadia 01722 333 444 Mohammadpur, Dhaka",
      phone: "01722333444",
      name: null,
      address: "Sadia Mohammadpur, Dhaka",
      area: "dhaka",
    },
  ]

  it.each(cases)("reads %#", ({ text, phone, name, address, area }) => {
    const read = readChatOrder(text)
    expect(read.phone).toBe(phone)
    expect(read.name).toBe(name)
    expect(read.address).toBe(address)
    if (area) expect(read.deliveryArea).toBe(area)
  })

  it("names a number that is no Bangladeshi mobile, and finds no phone in it", () => {
    const read = readChatOrder("Name: John\nPhone: +44 7700 900123\nAddress: London Road, Khulna")
    expect(read.phone).toBeNull()
    expect(read.notMobile).toBe("+44 7700 900123")
    expect(read.name).toBe("John")
    expect(read.address).toBe("London Road, Khulna")
  })

  it("refuses a landline-like or short number as the phone: 012 operators do not exist", () => {
    expect(readChatOrder("phone 01212345678, Mirpur").phone).toBeNull()
    expect(readChatOrder("phone 01212345678, Mirpur").notMobile).toBe("01212345678")
    expect(readChatOrder("house 12, road 5").phone).toBeNull()
  })

  it("says nothing for a paste with none of the three", () => {
    expect(readChatOrder("hi, is this available?")).toEqual({
      phone: null,
      notMobile: null,
      name: null,
      address: null,
      deliveryArea: null,
    })
  })

  it("reads at most MAX_CHAT_TEXT characters of a huge paste, at once", () => {
    const read = readChatOrder("x ".repeat(500_000) + "01712345678")
    expect(read.phone).toBeNull()
  })
})
