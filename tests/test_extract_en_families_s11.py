"""English quantities of news, finance, recipes and product specs read right (session 11): scale words
printed as adjectives ("a $3-billion deal"), English words the unit registry read as prefixed units
("kilos", "pinches", "pins"), unit words it lacked ("fl oz", "light years", "bpd"), a fraction of one
unit ("half a teaspoon"), mixed numbers with a vulgar fraction ("1 ½ cups"), and the near misses that
must stay as they were. The sentences are invented, in the style of published text."""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_extract_value_families2 import mentions, same_unit, the

from claimaudit.extract.mentions import Mention
from claimaudit.units.registry import resolve_unit
from claimaudit.units.terms import pint_lookup

F = Fraction



# -- a scale word as an adjective: "a $3-billion deal" is three billion dollars, not three -------------

@pytest.mark.parametrize(("text", "printed", "value", "unit"), [
    ("The company signed a $3-billion deal with the government.", "$3-billion", 3 * 10**9, "USD"),
    ("The council approved a £12-million upgrade to the station.", "£12-million", 12 * 10**6, "GBP"),
    ("It was a $1.2-trillion spending package.", "$1.2-trillion", F(12, 10) * 10**12, "USD"),
    ("The player signed a $40-million, four-year contract.", "$40-million", 40 * 10**6, "USD"),
    ("They won a 40-million-dollar contract.", "40-million-dollar", 40 * 10**6, "USD"),
    ("A 5-billion-parameter model was released.", "5-billion-parameter", 5 * 10**9, "parameter"),
    ("The $2-billion to $3-billion range was cited.", "$2-billion to $3-billion", None, "USD"),
])
def test_hyphenated_scale_word(text, printed, value, unit):
    m = the(text, printed)
    assert same_unit(m, unit)
    if value is None:
        assert m.number.is_range and m.number.interval.lo < 2 * 10**9 < 3 * 10**9 < m.number.interval.hi
    else:
        assert m.number.nominal == value


@pytest.mark.parametrize(("text", "printed", "value"), [
    ("The 3-million-strong diaspora voted.", "3-million", 3 * 10**6),
    ("The company signed a $3 billion deal.", "$3 billion", 3 * 10**9),     # the spaced form, as before
])
def test_hyphenated_scale_near_misses(text, printed, value):
    assert the(text, printed).number.nominal == value


def test_covid_19_is_no_scaled_amount():
    assert not any(m.number.nominal == 19 * 10**6 for m in mentions("Covid-19 million doses were shipped."))


# -- English words the registry took for prefixed units -------------------------------------------------

@pytest.mark.parametrize("word", ["pinch", "pinches", "pins", "kilos", "gigas", "millis"])
def test_mixed_prefix_forms_are_no_units(word):
    assert pint_lookup(word) is None


@pytest.mark.parametrize(("word", "unit"), [
    ("kWh", ("kilo", "watt_hour")), ("mAh", ("milli", "ampere_hour")), ("mbar", ("milli", "bar")),
    ("kcal", ("kilo", "calorie")), ("Mpixel", ("mega", "pixel")), ("kilometres", ("kilo", "meter")),
    ("nsec", ("nano", "second")), ("ks", ("kilo", "second")), ("megatons", ("mega", "ton")),
    ("mL", ("milli", "liter")), ("GHz", ("giga", "hertz")), ("mmol", ("milli", "mole")),
])
def test_prefixed_units_in_one_form_still_read(word, unit):
    assert pint_lookup(word) == unit


def test_kilobyte_spelt_with_a_symbol_prefix_still_reads():
    assert resolve_unit("kbyte").canonical == "kilobyte"


@pytest.mark.parametrize(("text", "printed", "unit"), [
    ("Police seized 50 kilos of cocaine at the port.", "50 kilos", "kg"),
    ("The package weighed 3 kilos.", "3 kilos", "kg"),
    ("The cup holds 8 fluid ounces.", "8 fluid ounces", "floz"),
    ("Each can holds 12 fl oz of soda.", "12 fl oz", "floz"),
    ("The star is 100 light years away.", "100 light years", "light_year"),
    ("Proxima Centauri is 4.2 light-years away.", "4.2 light-years", "light_year"),
    ("The field pumps 200,000 bpd.", "200,000 bpd", "oil_barrel/day"),
    ("The bus tops out at 80 kmph.", "80 kmph", "km/h"),
])
def test_english_unit_words(text, printed, unit):
    assert same_unit(the(text, printed), unit)


@pytest.mark.parametrize("text", ["Add 2 pinches of salt.", "Fasten the hem with 4 pins."])
def test_count_nouns_that_looked_like_prefixed_inches(text):
    assert all(not m.unit.dims.items for m in mentions(text))


def test_kilo_capitalised_is_no_kilogram():
    assert all(not same_unit(m, "kg") for m in mentions("The 2 Kilos brothers opened a shop."))


# -- a square or cubic measure as an adjective ----------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "unit"), [
    ("The 2,000-square-foot home is on the market.", "2,000-square-foot", "ft^2"),
    ("A 50-square-mile area was flooded.", "50-square-mile", "mi^2"),
    ("They installed a 10-cubic-metre tank.", "10-cubic-metre", "m^3"),
])
def test_square_measure_adjective(text, printed, unit):
    assert same_unit(the(text, printed), unit)


# -- a fraction of one unit ------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "value", "unit"), [
    ("Add half a teaspoon of salt.", "half a teaspoon", F(1, 2), "teaspoon"),
    ("Walk half a mile to the station.", "half a mile", F(1, 2), "mile"),
    ("The meeting lasted half an hour.", "half an hour", F(1, 2), "hour"),
    ("Add a quarter of a cup of sugar.", "a quarter of a cup", F(1, 4), "cup"),
    ("Add three quarters of a cup of milk.", "three quarters of a cup", F(3, 4), "cup"),
    ("He ran a third of a mile.", "a third of a mile", F(1, 3), "mile"),
    ("Sea levels rose half a foot.", "half a foot", F(1, 2), "foot"),
])
def test_fraction_of_a_unit(text, printed, value, unit):
    m = the(text, printed)
    assert m.number.nominal == value and same_unit(m, unit)


@pytest.mark.parametrize(("text", "printed", "value"), [
    ("The plant lost a quarter of its value.", "a quarter", F(1, 4)),      # no unit after it
    ("The deal is worth half a million dollars.", "half a million dollars", 500_000),
    ("The rate was cut by half a percentage point.", "half a percentage point", F(1, 2)),
    ("They sold half a dozen eggs.", "half a dozen", F(1, 2)),
])
def test_fraction_near_misses(text, printed, value):
    assert the(text, printed).number.nominal == value


def test_half_a_step_is_an_idiom():
    assert mentions("He was always half a step behind.") == []


def test_a_teaspoon_alone_is_still_one():
    assert the("Add a teaspoon of salt.", "a teaspoon").number.nominal == 1


# -- mixed numbers with a vulgar fraction ---------------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "value", "unit"), [
    ("Add 1½ cups of flour.", "1½ cups", F(3, 2), "cup"),
    ("Add 1 ½ cups of flour.", "1 ½ cups", F(3, 2), "cup"),
    ("Use 2 ¾ cups of stock.", "2 ¾ cups", F(11, 4), "cup"),
    ("The board is 1 ¼ inches thick.", "1 ¼ inches", F(5, 4), "inch"),
    ("The 2½-year project ended.", "2½-year", F(5, 2), "year"),
])
def test_mixed_vulgar_fraction(text, printed, value, unit):
    m = the(text, printed)
    assert m.number.nominal == value and same_unit(m, unit)


def test_vulgar_fraction_after_a_decimal_is_no_mixed_number():
    assert [m.number.nominal for m in mentions("The gauge read 2.5 ½.")] == [F(5, 2), F(1, 2)]


# -- points: a stock index's move and a game's score are no percentage points -----------------------

def pp(m: Mention) -> bool:
    return m.unit.canonical == "percentage_point"


@pytest.mark.parametrize(("text", "printed", "value"), [
    ("The Nasdaq fell 2% or 300 points.", "300 points", 300),
    ("The FTSE 100 fell 1.3%, or 98 points, to 7,512.", "98 points", 98),
    ("The Dow gained 350 points, or 1.1 percent.", "350 points", 350),
    ("The Dow rose 0.5%, or 190 points, on Friday.", "190 points", 190),
    ("The S&P 500 rose 45 points to 5,100.", "45 points", 45),
    ("He scored 25 points and grabbed 10 rebounds.", "25 points", 25),
    ("LeBron scored 40 points in the win over Denver.", "40 points", 40),
    ("The Lakers won the game by 12 points.", "12 points", 12),
])
def test_index_and_game_points_are_plain_numbers(text, printed, value):
    m = the(text, printed)
    assert not pp(m) and not m.unit.dims.items and m.number.nominal == value


@pytest.mark.parametrize(("text", "printed"), [
    ("The index's dividend yield rose 0.2 points to 1.5%.", "0.2 points"),
    ("Accuracy improved by 3.4 points to 81.2%.", "3.4 points"),
    ("Approval fell 4 points to 38 percent.", "4 points"),
    ("Labour won the election by 3 points.", "3 points"),
    ("The model scored 85.2 points on MMLU.", "85.2 points"),
])
def test_rate_and_score_points_stay_percentage_points(text, printed):
    assert pp(the(text, printed))


# -- the sides of one size share its unit: "3 x 4 metres" ------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "unit"), [
    ("The rug is 3 x 4 metres.", "3", "m"),
    ("The oven tray is 30 x 40 cm.", "30", "cm"),
    ("The sheet is 210 × 297 mm.", "210", "mm"),
    ("The pool is 25 by 10 metres.", "25", "m"),
    ("The screen is 1920 x 1080 pixels.", "1920", "pixel"),
])
def test_sides_share_the_unit(text, printed, unit):
    assert same_unit(the(text, printed), unit)


def test_three_sides_share_the_unit():
    ms = mentions("The suitcase measures 55 x 40 x 20 cm.")
    assert [m.number.nominal for m in ms] == [55, 40, 20] and all(same_unit(m, "cm") for m in ms)


@pytest.mark.parametrize("text", ["The NAS holds 2 x 2TB drives.", "The server has 8 x 80GB GPUs."])
def test_a_count_times_a_size_keeps_the_count(text):
    assert not mentions(text)[0].unit.dims.items


# -- both ends of a range print the unit, glued: "300km-400km" ------------------------------------------

@pytest.mark.parametrize(("text", "printed", "lo", "hi", "unit"), [
    ("The range is 300km-400km.", "300km-400km", 300, 400, "km"),
    ("The range is 300 km-400 km.", "300 km-400 km", 300, 400, "km"),
    ("The dog weighs 10lbs-12lbs.", "10lbs-12lbs", 10, 12, "lb"),
    ("Parcels of 5kg-10kg cost extra.", "5kg-10kg", 5, 10, "kg"),
])
def test_glued_unit_ranges(text, printed, lo, hi, unit):
    m = the(text, printed)
    assert m.number.is_range and (m.number.interval.lo, m.number.interval.hi) == (lo, hi) and same_unit(m, unit)


@pytest.mark.parametrize("text", ["Run 2x-4x faster.", "The V100-32GB card.", "Use the 3km-wide strip."])
def test_no_negative_end_is_read(text):
    assert all(m.number.interval.lo >= 0 for m in mentions(text))


# -- two bounds of one quantity: "more than 3 but less than 7 miles" ----------------------------------------

@pytest.mark.parametrize(("text", "printed", "unit"), [
    ("The trail is more than 3 but less than 7 miles long.", "more than 3", "mi"),
    ("The fish weighed more than 2 and less than 5 kg.", "more than 2", "kg"),
    ("The loan runs over 5 but under 10 years.", "over 5", "year"),
])
def test_bounds_share_the_unit(text, printed, unit):
    m = the(text, printed)
    assert same_unit(m, unit) and m.qualifier


def test_bounds_of_different_things_keep_apart():
    assert not the("More than 5 people but fewer than 10 kg.", "More than 5").unit.dims.items


# -- heights in feet and inches ---------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "feet", "inches"), [
    ("She stands 5'11\" tall.", 5, 11),
    ("He is 6'2\" and 200 lbs.", 6, 2),
    ("He measured 5’ 9” in socks.", 5, 9),
    ("The board is 12' 6\" long.", 12, 6),
    ("He is 6 foot 2.", 6, 2),
    ("The 6ft 5in centre signed.", 6, 5),
])
def test_feet_and_inches(text, feet, inches):
    ms = [m for m in mentions(text) if m.unit.dims.items]
    assert [(m.number.nominal, m.unit.canonical) for m in ms[:2]] == [(feet, "foot"), (inches, "inch")]


@pytest.mark.parametrize(("text", "printed"), [
    ("The 6 ft 20 rule.", "20"),               # no inches past 11
    ("A 6 foot 2 players line-up.", "2"),      # a count after it
])
def test_no_inches_read(text, printed):
    assert not the(text, printed).unit.dims.items


def test_a_decade_in_quotes_is_no_height():
    assert [m.printed for m in mentions("In the '90s it cost $5.")] == ["$5"]


# -- "year on year" is the comparison, no per-year rate ----------------------------------------------------

@pytest.mark.parametrize(("text", "printed"), [
    ("Prices climbed 7 per cent year on year.", "7 per cent"),
    ("Revenue fell 15% year-on-year to $4.2 billion.", "15%"),
    ("Rents rose 0.5 per cent month on month.", "0.5 per cent"),
    ("Sales rose 5% year over year.", "5%"),
    ("Output grew 2 percent quarter-on-quarter.", "2 percent"),
])
def test_period_on_period_is_no_unit(text, printed):
    assert the(text, printed).unit.canonical == "percent"


def test_a_rate_per_year_keeps_its_words():
    assert the("Costs rose 3% per year.", "3% per year").printed == "3% per year"


# -- pounds spelt out: sterling about money, the pound of mass about weight ---------------------------------

@pytest.mark.parametrize(("text", "printed", "unit"), [
    ("The stake is worth 1.2 billion pounds.", "1.2 billion pounds", "GBP"),
    ("Her salary is 60,000 pounds a year.", "60,000 pounds a year", "GBP/year"),
    ("He was fined 200 pounds for speeding.", "200 pounds", "GBP"),
    ("The club paid 45 million pounds for the striker.", "45 million pounds", "GBP"),
    ("Ticket prices rose to 50 pounds.", "50 pounds", "GBP"),
])
def test_pounds_of_money(text, printed, unit):
    m = the(text, printed)
    assert same_unit(m, unit) and any("sterling" in c for c in m.candidates)


@pytest.mark.parametrize(("text", "printed"), [
    ("The boxer weighed in at 160 pounds.", "160 pounds"),
    ("The farm sold 500 pounds of tomatoes.", "500 pounds"),
    ("The $500 scale reads 300 pounds.", "300 pounds"),
    ("The truck can carry a load of 2,000 pounds.", "2,000 pounds"),
    ("The engine delivers 500 pounds of thrust and cost a lot.", "500 pounds"),
])
def test_pounds_of_mass(text, printed):
    assert same_unit(the(text, printed), "lb")


# -- barrels about oil are oil barrels ----------------------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "unit"), [
    ("Output rose to 3.5 million barrels per day.", "3.5 million barrels per day", "oil_barrel/day"),
    ("Brent crude rose 2% to $86.40 a barrel.", "$86.40 a barrel", "USD/oil_barrel"),
    ("Oil fell below $70 a barrel.", "below $70 a barrel", "USD/oil_barrel"),
])
def test_oil_barrels(text, printed, unit):
    assert same_unit(the(text, printed), unit)


def test_a_barrel_of_beer_stays_the_fluid_barrel():
    assert same_unit(the("The tank holds 5 barrels of beer.", "5 barrels"), "barrel")


# -- currency codes glued to the amount and cents glued as c ---------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "value", "unit"), [
    ("The meal cost Rs500.", "Rs500", 500, "INR"),
    ("Tickets cost Rs.250 each.", "Rs.250", 250, "INR"),
    ("Stamps cost 50c each.", "50c", 50, "cent"),
    ("The price rose 5c to 99c a litre.", "5c", 5, "cent"),
    ("The coin is worth 20c.", "20c", 20, "cent"),
])
def test_glued_money(text, printed, value, unit):
    m = the(text, printed)
    assert m.number.nominal == value and same_unit(m, unit)


@pytest.mark.parametrize("text", ["The 11c model costs $5.", "It reached 35c on Friday in the heat.",
                                  "The 2c chip is small."])
def test_a_glued_c_that_is_no_cent(text):
    assert not any(m.unit.canonical == "cent" for m in mentions(text))


# -- percent and basis points as adjectives: "a 50-basis-point cut" ------------------------------------------

@pytest.mark.parametrize(("text", "printed", "value", "unit"), [
    ("There was a 2.5-percentage-point increase.", "2.5-percentage-point", F(5, 2), "percentage_point"),
    ("The Fed made a 50-basis-point cut.", "50-basis-point", F(1, 2), "percentage_point"),
    ("The bank announced a 25-basis-point hike.", "25-basis-point", F(1, 4), "percentage_point"),
    ("It was a 10-per-cent drop.", "10-per-cent", 10, "percent"),
    ("A 75-bp hike is expected.", "75-bp", F(3, 4), "percentage_point"),
    ("They forecast a 5-percent rise.", "5-percent", 5, "percent"),
])
def test_hyphenated_percent_forms(text, printed, value, unit):
    m = the(text, printed)
    assert m.number.nominal == value and same_unit(m, unit)


# -- square measures abbreviated with dots ------------------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "unit"), [
    ("The building has 500,000 sq. ft. of office space.", "500,000 sq. ft", "ft^2"),
    ("The flat is 850 sq.ft.", "850 sq.ft", "ft^2"),
    ("The flat is 850 sqft.", "850 sqft", "ft^2"),
    ("The plot is 80 sq. m.", "80 sq. m", "m^2"),
    ("The office is 1,200 sq. metres.", "1,200 sq. metres", "m^2"),
    ("The new office is 12,000 sqm.", "12,000 sqm", "m^2"),
])
def test_abbreviated_square_measures(text, printed, unit):
    assert same_unit(the(text, printed), unit)


# -- MT and GT are never megateslas ------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["The memory runs at 6400 MT/s.", "PCIe 5 runs at 32 GT/s.",
                                  "The port shipped 5,000 MT of wheat."])
def test_no_teslas(text):
    assert all("tesla" not in m.unit.canonical for m in mentions(text))


# -- bounds said in words: -plus, shy of, north of, as low as ------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "relation"), [
    ("The price tag is $30,000-plus.", "$30,000-plus", ">="),
    ("The stadium holds 60,000-plus fans.", "60,000-plus", ">="),
    ("The price is just shy of $1,000.", "just shy of $1,000", "<"),
    ("The deal is worth north of $5 billion.", "north of $5 billion", ">"),
    ("Flights cost as low as $49.", "as low as $49", ">="),
    ("Delivery takes as little as 2 days.", "as little as 2 days", ">="),
    ("It is slightly more than 5 km.", "slightly more than 5 km", ">"),
    ("It costs a little under $10.", "a little under $10", "<"),
])
def test_word_bounds(text, printed, relation):
    m = the(text, printed)
    assert (m.relation or m.number.relation) == relation


def test_plus_between_numbers_is_no_bound():
    assert all(not m.relation for m in mentions("They offered a 2-plus-2 deal."))


# -- a price per a million (or thousand) tokens ----------------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "value", "unit"), [
    ("It costs $0.50 per million tokens.", "$0.50 per million tokens", F(1, 2), "USD/Mtoken"),
    ("The API charges $15 per 1M output tokens.", "$15 per 1M output tokens", 15, "USD/Mtoken"),
    ("Pricing is $0.002 per 1K tokens.", "$0.002 per 1K tokens", F(2, 1000), "USD/ktoken"),
    ("The model costs $10 per 1 million tokens.", "$10 per 1 million tokens", 10, "USD/Mtoken"),
    ("Input costs $3 per million input tokens.", "$3 per million input tokens", 3, "USD/Mtoken"),
])
def test_price_per_scaled_tokens(text, printed, value, unit):
    ms = mentions(text)
    assert len(ms) == 1 and ms[0].printed == printed
    assert ms[0].number.nominal == value and same_unit(ms[0], unit)


def test_tokens_counted_after_a_price_stay_a_count():
    ms = mentions("It costs $5 and reads 1 million tokens.")
    assert [m.printed for m in ms] == ["$5", "1 million tokens"]


# -- inch marks after a bare number ------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "value"), [
    ("The laptop's screen is 14\".", "14\"", 14),
    ("The iPad Pro 12.9\" costs $1,099.", "12.9\"", F(129, 10)),
    ("The pipe is 2″ wide.", "2″", 2),
    ("| 27\" monitor | $300 |", "27\"", 27),
])
def test_inch_marks(text, printed, value):
    m = the(text, printed)
    assert m.number.nominal == value and same_unit(m, "inch")


@pytest.mark.parametrize("text", ["He wrote \"14\" on the board.", "She said \"the answer is 42\".",
                                  "The \"50\" model sold out."])
def test_a_closing_quote_is_no_inch(text):
    assert all(not m.unit.dims.items for m in mentions(text))


# -- numbers that are no quantities of their own: phone numbers, votes, addresses, resolutions ----------------

@pytest.mark.parametrize("text", ["Call 555-1234 for details.", "Call (212) 555-1234 for details.",
                                  "Phone 212-555-1234 now.", "He lives at 221B Baker Street.",
                                  "The PM lives at 10 Downing Street.", "A 4K TV costs less now.",
                                  "The 5K display sells well."])
def test_no_quantity(text):
    assert mentions(text) == []


def test_a_vote_tally_is_no_range():
    assert [(m.printed, m.number.is_range) for m in mentions("The Senate voted 51 to 49.")] == [
        ("51", False), ("49", False)]


@pytest.mark.parametrize(("text", "printed"), [
    ("The range is 100-1000 km.", "100-1000 km"),
    ("The crowd numbered 10,000 to 15,000.", "10,000 to 15,000"),
    ("The score range is 200-800.", "200-800"),
])
def test_rising_ranges_stay(text, printed):
    assert the(text, printed).number.is_range


def test_plus_or_minus_is_no_negative():
    m = the("The poll has a margin of error of plus or minus 3 percentage points.", "3 percentage points")
    assert m.number.nominal == 3
    assert the("The reading was minus 5 degrees.", "minus 5 degrees").number.nominal == -5


# -- count nouns that pint names an old measure ---------------------------------------------------------------

@pytest.mark.parametrize(("text", "printed"), [
    ("The shop sold 1,000 bags.", "1,000 bags"),
    ("The report has 5 sections.", "5 sections"),
    ("The garden has 2 ponds.", "2 ponds"),
    ("He drew 4 circles.", "4 circles"),
    ("The band played 2 jigs.", "2 jigs"),
    ("The river bank has 5 poles.", "5 poles"),
    ("The baby has 10 toes.", "10 toes"),
])
def test_count_nouns_are_counted(text, printed):
    m = the(text, printed)
    assert len(m.unit.dims.items) == 1 and m.unit.dims.items[0][0].startswith("[#") and m.unit.factor == 1


def test_a_bag_is_no_mass_in_a_claim_either():
    assert resolve_unit("bags").dims.items[0][0] == "[#bag]"


# -- frames per second -----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "printed"), [
    ("The camera shoots 8K video at 30fps.", "30fps"),
    ("The game runs at 144 FPS.", "144 FPS"),
    ("The film runs at 24 fps.", "24 fps"),
])
def test_frames_per_second(text, printed):
    # (the registry's frames_per_second, the same dimension as "frames per second")
    assert the(text, printed).unit.dims == the("It shows 30 frames per second.", "30 frames per second").unit.dims


def test_feet_per_second_in_ballistics():
    m = the("The bullet has a muzzle velocity of 2,800 fps.", "2,800 fps")
    assert m.unit.canonical == "foot / second" and not any("frames per second;" in c for c in m.candidates)


def test_4k_context_stays_a_number():
    assert the("The model has 4K context.", "4K").number.nominal == 4000


# -- English words the registry read as prefixed customary units ------------------------------------------------

@pytest.mark.parametrize("word", ["fare", "fares", "mare", "dare", "care", "hare", "kin", "din", "cat", "hat",
                                  "mat", "fat", "rat", "das", "has", "mug", "mum", "kmph", "exact", "mass", "rm",
                                  "re", "ramp", "prod"])
def test_english_words_are_no_prefixed_units(word):
    assert pint_lookup(word) is None


@pytest.mark.parametrize(("word", "canonical"), [
    ("hrs", "hour"), ("lbs", "pound"), ("yds", "yard"), ("qts", "quart"), ("cm", "centimeter"),
    ("dL", "deciliter"), ("hPa", "hectopascal"), ("dag", "decagram"), ("ha", "hectare"), ("mas", "milliarcsecond"),
    ("Myr", "megayear"), ("kilotons", "kiloton"), ("millibar", "millibar"), ("mcg", "microgram"),
    ("amps", "ampere"), ("yrs", "year"), ("tsps", "teaspoon"), ("cups", "cup"), ("nits", "nit"), ("ks", "kilosecond"),
])
def test_units_that_keep_their_reading(word, canonical):
    assert resolve_unit(word).canonical == canonical


def test_a_fare_after_an_amount_is_no_area():
    assert [m.unit.canonical for m in mentions("The $2.75 fare rose by 25 cents.")] == ["USD", "cent"]


# -- "from three to five million dollars": the spelt-out scale is shared too -----------------------------------

@pytest.mark.parametrize(("text", "printed", "value", "unit"), [
    ("The budget grew from three to five million dollars.", "three", 3 * 10**6, "USD"),
    ("Sales rose from two to three billion euros.", "two", 2 * 10**9, "EUR"),
    ("The budget grew from 3 to 5 million dollars.", "3", 3 * 10**6, "USD"),
    ("The price went from three to five dollars.", "three", 3, "USD"),
])
def test_from_to_shares_a_spelt_scale(text, printed, value, unit):
    m = the(text, printed)
    assert m.number.nominal == value and same_unit(m, unit)


# -- a decimal comma before a full stop ------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["The coffee costs € 2,50.", "The coffee costs €2,50.", "He paid £3,75."])
def test_decimal_comma_at_a_sentence_end_is_no_whole_amount(text):
    assert not any(m.number.nominal in (2, 3) for m in mentions(text))


def test_a_list_after_a_comma_stays():
    assert [m.number.nominal for m in mentions("Shares rose 5%, 10%, 15%.")] == [5, 10, 15]


# -- fractions of a unit, spelt with a hyphen, and of a percent ------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "value", "unit"), [
    ("The walk is three-quarters of a mile.", "three-quarters of a mile", F(3, 4), "mile"),
    ("The jar holds half a litre.", "half a litre", F(1, 2), "liter"),
    ("He ran a fifth of a mile.", "a fifth of a mile", F(1, 5), "mile"),
    ("Add one-third of a cup of oil.", "one-third of a cup", F(1, 3), "cup"),
    ("The tank is a tenth of a metre deep.", "a tenth of a metre", F(1, 10), "m"),
])
def test_fraction_of_a_unit_more_forms(text, printed, value, unit):
    m = the(text, printed)
    assert m.number.nominal == value and same_unit(m, unit)


@pytest.mark.parametrize(("text", "printed", "value", "unit"), [
    ("Rates rose half a percent.", "half a percent", F(1, 2), "percent"),
    ("Shares rose a fifth of a percent.", "a fifth of a percent", F(1, 5), "percent"),
    ("Prices fell a quarter of a per cent.", "a quarter of a per cent", F(1, 4), "percent"),
    ("Rates rose half a percentage point.", "half a percentage point", F(1, 2), "percentage_point"),
])
def test_fraction_of_a_percent(text, printed, value, unit):
    m = the(text, printed)
    assert m.number.nominal == value and same_unit(m, unit)


# -- won after a scale word or about Korea; spoken money ---------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "unit"), [
    ("The car costs 30 million won.", "30 million won", "KRW"),
    ("Samsung earned 6.6 trillion won.", "6.6 trillion won", "KRW"),
    ("A bus fare in Seoul is 1,500 won.", "1,500 won", "KRW"),
    ("He owes 5 bucks.", "5 bucks", "USD"),
    ("It costs 20 bucks a month.", "20 bucks a month", "USD/month"),
    ("Tickets cost 50 quid.", "50 quid", "GBP"),
])
def test_spoken_and_korean_money(text, printed, unit):
    assert same_unit(the(text, printed), unit)


@pytest.mark.parametrize("text", ["The team won 3 games.", "He has 20 won matches.",
                                  "Hunters shot 3 bucks and 2 does."])
def test_no_money_without_its_cue(text):
    assert all(not m.unit.dims.items for m in mentions(text))


@pytest.mark.parametrize("text", ["She won the 4 x 100 m relay.", "He ran 10 x 400 m repeats.",
                                  "The pack has 6 x 330 ml cans."])
def test_a_count_times_a_distance_keeps_the_count(text):
    assert not mentions(text)[0].unit.dims.items


def test_a_small_trailer_shares_its_unit():
    assert same_unit(the("A 2 x 4 metre trailer.", "2"), "m")


@pytest.mark.parametrize(("text", "printed", "unit"), [
    ("The fine mesh holds 5 pounds.", "5 pounds", "lb"),
    ("The 50-pound bag costs $20.", "50-pound", "lb"),
    ("The payload of 500 pounds costs a lot.", "500 pounds", "lb"),
    ("She paid a fine of 100 pounds.", "100 pounds", "GBP"),
    ("The price of gold hit 2,000 pounds an ounce.", "2,000 pounds an ounce", "GBP/oz"),
])
def test_pounds_near_misses(text, printed, unit):
    assert same_unit(the(text, printed), unit)


@pytest.mark.parametrize(("text", "printed", "value"), [
    ("Rates rose a percentage point.", "a percentage point", 1),
    ("Yields moved a basis point.", "a basis point", F(1, 100)),
    ("The rate rose a full percentage point.", "a full percentage point", 1),
    ("Rates rose half a percentage point.", "half a percentage point", F(1, 2)),
    ("The Fed raised rates by three-quarters of a percentage point.", "three-quarters of a percentage point", F(3, 4)),
])
def test_a_percentage_point(text, printed, value):
    ms = mentions(text)
    assert [m.printed for m in ms] == [printed]
    assert ms[0].number.nominal == value and same_unit(ms[0], "percentage_point")


# -- product specifications ------------------------------------------------------------------------------------

def test_three_sides_in_inches_share_the_unit():
    ms = mentions("Dimensions: 10.2 x 6.5 x 0.3 in.")
    assert [m.number.nominal for m in ms] == [F(102, 10), F(65, 10), F(3, 10)] and all(same_unit(m, "in") for m in ms)


def test_glued_inches_before_a_times_sign():
    assert same_unit(the("Measures 12.3in x 8.5in.", "12.3in"), "in")


@pytest.mark.parametrize(("text", "printed", "unit"), [
    ("The engine makes 400Nm of torque.", "400Nm", "N*m"),
    ("The engine makes 300bhp.", "300bhp", "hp"),
])
def test_engine_specifications(text, printed, unit):
    assert same_unit(the(text, printed), unit)


def test_nm_in_a_claim_is_torque():
    assert resolve_unit("Nm").dims == resolve_unit("N*m").dims


@pytest.mark.parametrize(("text", "printed"), [
    ("The stock is up 40% year to date.", "40%"), ("Sales are up 12% year-to-date.", "12%")])
def test_year_to_date_is_no_unit(text, printed):
    assert the(text, printed).unit.canonical == "percent"


@pytest.mark.parametrize(("text", "printed", "unit"), [
    ("Add 2 Tbsp. of butter.", "2 Tbsp", "tbsp"), ("Add 1 Tsp salt.", "1 Tsp", "tsp")])
def test_capitalised_spoons(text, printed, unit):
    assert same_unit(the(text, printed), unit)
