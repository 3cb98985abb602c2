import LarderCore

/// The raw word lists behind the synthetic vocabulary, written by the Larder team.
///
/// Kept as compact text so the lists read like lists; ``SyntheticVocabulary`` parses them once.
/// Names here are already canonical: lowercase ASCII words separated by single spaces.
enum SyntheticWordLists {
  /// The head of the popularity distribution, most common first, as `name:group` items.
  /// Order matters: rank 1 is in about four recipes of ten.
  static let head = """
    salt:sp, onion:vg, garlic:vg, olive oil:fa, butter:da, sugar:sw, black pepper:sp,
    all purpose flour:ba, eggs:eg, water:li, milk:da, vegetable oil:fa, brown sugar:sw,
    lemon juice:fr, vanilla extract:ba, baking powder:ba, tomatoes:vg, carrots:vg,
    fresh parsley:hb, baking soda:ba, ground cinnamon:sp, unsalted butter:da, kosher salt:sp,
    heavy cream:da, ground cumin:sp, chicken broth:li, honey:sw, soy sauce:sa, green onions:vg,
    celery:vg, grated parmesan:ch, lemon:fr, potatoes:vg, paprika:sp, dried oregano:hb,
    fresh ginger:sp, dried thyme:hb, cheddar cheese:ch, sour cream:da, red bell pepper:vg,
    cilantro:hb, fresh basil:hb, mayonnaise:sa, boneless chicken breast:po, ground beef:mt,
    garlic powder:sp, red onion:vg, dijon mustard:sa, cornstarch:ba, crushed red pepper:sp,
    nutmeg:sp, bay leaf:hb, tomato paste:sa, chili powder:sp, cream cheese:ch,
    long grain rice:gr, canola oil:fa, lime juice:fr, white wine:al, worcestershire sauce:sa,
    bacon:mt, button mushrooms:vg, zucchini:vg, baby spinach:vg, shallot:vg, cayenne:sp,
    lime:fr, chicken stock:li, extra virgin olive oil:fa, green bell pepper:vg,
    granulated sugar:sw, icing sugar:sw, toasted sesame oil:fa, rice wine vinegar:sa,
    balsamic vinegar:sa, cider vinegar:sa, buttermilk:da, natural yogurt:da,
    shredded mozzarella:ch, frozen peas:vg, black beans:le, jalapeno pepper:vg, avocado:fr,
    cucumber:vg, mint leaves:hb, rosemary:hb, coconut milk:li, sweet potato:vg,
    ground ginger:sp, smoked paprika:sp, chocolate chips:sw, cocoa powder:ba, walnuts:nu,
    pecans:nu, sliced almonds:nu, raisins:fr, rolled oats:gr, chicken thighs:po,
    beef broth:li, pork loin:mt, large shrimp:sf, salmon fillet:sf, spaghetti:pa, penne:pa,
    egg yolk:eg, egg white:eg, whipping cream:da, maple syrup:sw, molasses:sw,
    yellow cornmeal:gr, dry breadcrumbs:gr, panko:gr, feta:ch, ricotta:ch, basmati rice:gr,
    flour tortillas:gr, hot pepper sauce:sa, ketchup:sa, fish sauce:sa, curry powder:sp,
    garam masala:sp, turmeric:sp, ground coriander:sp, cumin seed:sp, mustard seed:sp,
    cardamom:sp, whole cloves:sp, star anise:sp, thyme sprigs:hb, dill:hb, chives:hb,
    scallions:vg, leek:vg, savoy cabbage:vg, broccoli florets:vg, cauliflower:vg, kale:vg,
    eggplant:vg, asparagus:vg, sweetcorn:vg, green beans:vg, chickpeas:le, red lentils:le,
    kidney beans:le, pineapple:fr, apple:fr, banana:fr, strawberries:fr, blueberries:fr,
    raspberries:fr, orange:fr, orange juice:li, orange zest:fr, lemon zest:fr,
    desiccated coconut:fr, dark chocolate:sw, white chocolate:sw, gelatine:ba,
    active dry yeast:ba, bread flour:ba, wholemeal flour:ba, self rising flour:ba,
    golden syrup:sw, double cream:da, creme fraiche:da, greek yogurt:da, tofu:le,
    vegetable stock:li, coconut oil:fa, peanut butter:nu, roasted peanuts:nu, cashew nuts:nu,
    pine nuts:nu, sesame seeds:nu, sunflower seeds:nu, allspice:sp, ground cloves:sp,
    vanilla pod:ba, lemongrass:hb, lime leaves:hb, red curry paste:sa, hoisin:sa,
    oyster sauce:sa, sriracha:sa, mirin:al, sake:al, white miso:sa, tahini:sa, capers:sa,
    kalamata olives:sa, green olives:sa, sun dried tomatoes:vg, chopped tomatoes:vg,
    tomato sauce:sa, passata:sa, red wine:al, lager:al, brandy:al, dark rum:al, lard:fa,
    ghee:da, beef suet:mt
    """

  /// Base foods for the combinatorial middle of the distribution, one line per group and
  /// tier (`group tier: name, name`); tier 1 is common, tier 3 rare.
  static let bases = """
    sp 1: chili, cinnamon, coriander, cumin, curry, ginger, mustard, paprika, pepper, vanilla
    sp 2: caraway, cardamom, cayenne, chipotle, clove, fennel seed, peppercorn, cajun spice, italian herb mix, taco spice, five spice
    sp 3: aniseed, annatto, asafoetida, celery salt, fenugreek, mace, nigella, saffron, sumac, juniper berry, wasabi, zaatar, ras el hanout, berbere, long pepper, dukkah, chaat masala, baharat, shichimi, pink peppercorn, sichuan pepper, smoked salt
    hb 1: basil, cilantro, mint, oregano, parsley, rosemary, thyme
    hb 2: bay leaf, chive, dill, sage, tarragon, marjoram
    hb 3: chervil, lovage, savory, sorrel, curry leaf, lemon balm, shiso, epazote, thai basil, lemon verbena, borage, wild garlic
    vg 1: bell pepper, broccoli, cabbage, carrot, cauliflower, celery, corn, cucumber, garlic, green bean, kale, lettuce, mushroom, onion, pea, potato, shallot, spinach, sweet potato, tomato, zucchini, jalapeno
    vg 2: artichoke, arugula, asparagus, beet, bok choy, brussels sprout, butternut squash, eggplant, fennel, leek, parsnip, pumpkin, radish, scallion, squash, cherry tomato, plum tomato, chili pepper, shiitake, spring green, sugar snap pea
    vg 3: broccolini, celeriac, chard, collard, daikon, endive, jicama, kohlrabi, okra, radicchio, rutabaga, snow pea, tomatillo, turnip, watercress, yam, serrano chili, habanero, poblano, banana pepper, portobello, cremini, oyster mushroom, enoki, bean sprout, water chestnut, bamboo shoot, palm heart, samphire, romanesco, salsify, fiddlehead, lotus root, taro, cassava, chayote, mizuna, dandelion green
    fr 1: apple, avocado, banana, blueberry, coconut, lemon, lime, orange, pineapple, raspberry, strawberry
    fr 2: apricot, blackberry, cherry, cranberry, date, fig, grape, mango, peach, pear, plum, pomegranate, raisin, grapefruit
    fr 3: cantaloupe, currant, gooseberry, guava, kiwi, kumquat, lychee, melon, nectarine, papaya, passion fruit, persimmon, quince, rhubarb, tangerine, watermelon, prune, elderberry, starfruit, dragon fruit, clementine, sultana, yuzu
    mt 1: beef, steak, pork, ham, bacon, lamb, sausage
    mt 2: sirloin, brisket, pancetta, prosciutto, chorizo, salami, pepperoni, pork belly, pork shoulder, lamb shoulder, beef chuck, pork sausage
    mt 3: veal, mutton, goat, goat meat, venison, rabbit, oxtail, short rib, lamb shank, lamb neck, goat shoulder, bresaola, guanciale, kielbasa, andouille, wild boar, bison, lamb leg, beef cheek, pork cheek, ham hock, goat leg
    po 1: chicken, turkey
    po 2: duck, chicken wing, chicken drumstick
    po 3: quail, cornish hen, goose, chicken liver, pheasant, guinea fowl
    sf 1: salmon, shrimp, tuna
    sf 2: anchovy, clam, cod, crab, mussel, prawn, scallop, tilapia, white fish, smoked salmon
    sf 3: haddock, halibut, lobster, mackerel, octopus, oyster, sardine, sea bass, squid, trout, monkfish, sea bream, snapper, swordfish, catfish, pollock, crayfish, langoustine, herring, eel, kipper, cockle
    da 1: butter, buttermilk, cream, milk, yogurt, sour cream
    da 2: half and half, evaporated milk, condensed milk, ghee, clotted cream
    da 3: kefir, quark, skyr, labneh, goat milk
    eg 1: egg
    eg 3: quail egg, duck egg
    ch 1: cheddar, mozzarella, parmesan, feta, ricotta, cream cheese
    ch 2: goat cheese, blue cheese, gouda, gruyere, swiss cheese, monterey jack, pecorino, mascarpone, cottage cheese
    ch 3: brie, camembert, halloumi, paneer, provolone, asiago, manchego, queso fresco, fontina, colby, stilton, taleggio, gorgonzola, burrata, comte, edam, havarti, jarlsberg, cotija, wensleydale
    gr 1: rice, oat, bread, breadcrumb, tortilla
    gr 2: barley, couscous, quinoa, polenta, cornmeal, pita, baguette, bun, cracker, naan, sourdough, bulgur
    gr 3: farro, millet, semolina, croissant, spelt, rye, buckwheat, amaranth, freekeh, teff, brioche, ciabatta, focaccia, bagel, english muffin, crumpet, rice cake
    pa 1: spaghetti, penne, macaroni
    pa 2: fettuccine, linguine, lasagne sheet, orzo, rigatoni, fusilli, egg noodle, rice noodle, gnocchi
    pa 3: farfalle, tagliatelle, udon, soba, ramen, ravioli, tortellini, pappardelle, conchiglie, orecchiette, bucatini, vermicelli, glass noodle, cannelloni
    le 1: black bean, chickpea, kidney bean, lentil, tofu
    le 2: cannellini bean, pinto bean, butter bean, edamame, split pea
    le 3: navy bean, lima bean, tempeh, soybean, mung bean, adzuki bean, borlotti bean, black eyed pea, fava bean, urad dal, chana dal, seitan
    nu 1: almond, peanut, pecan, walnut
    nu 2: cashew, hazelnut, pine nut, pistachio, sesame seed, sunflower seed, pumpkin seed
    nu 3: macadamia, chestnut, brazil nut, flaxseed, chia seed, hemp seed, poppy seed, tiger nut
    fa 1: olive oil, vegetable oil, canola oil, sesame oil, coconut oil
    fa 2: peanut oil, sunflower oil, shortening, lard, rapeseed oil
    fa 3: avocado oil, walnut oil, truffle oil, grapeseed oil, duck fat, beef dripping, margarine
    sa 1: ketchup, mayonnaise, mustard, soy sauce, vinegar, hot sauce, salsa, barbecue sauce, fish sauce, tomato sauce, worcestershire sauce
    sa 2: pesto, chutney, teriyaki sauce, oyster sauce, hoisin sauce, tahini, miso, horseradish, caper, olive, pickle, marinara, enchilada sauce, curry paste, chili sauce, ranch dressing, tamari, tomato paste
    sa 3: relish, gochujang, sambal, sauerkraut, sweet chili sauce, ponzu, chimichurri, tapenade, aioli, black bean sauce, kimchi, piccalilli, mole, brown sauce, tartare sauce, harissa paste
    sw 1: sugar, honey, maple syrup, chocolate, cocoa
    sw 2: molasses, corn syrup, caramel, marshmallow, jam, graham cracker, biscuit, agave syrup, treacle
    sw 3: marmalade, hazelnut spread, sprinkles, candied ginger, toffee, meringue, praline, fondant, marzipan, dulce de leche, lemon curd, date syrup, rice syrup, jaggery, palm sugar, muscovado
    ba 1: baking powder, baking soda, yeast, cornstarch, flour
    ba 2: gelatine, cream of tartar, almond extract, puff pastry, pie crust, pizza dough, shortcrust pastry
    ba 3: pectin, food coloring, phyllo, xanthan gum, agar, arrowroot, potato starch, custard powder, rose water, orange blossom water
    li 1: water, broth, stock, coconut milk, orange juice
    li 2: almond milk, apple juice, coffee, espresso, tea, oat milk, soy milk, tomato juice, cranberry juice
    li 3: coconut water, soda water, ginger ale, cola, pomegranate juice, dashi, bone broth, coconut cream
    al 1: wine, beer
    al 2: rum, brandy, vodka, bourbon, sherry, mirin, whisky, cider
    al 3: tequila, marsala, sake, cognac, coffee liqueur, amaretto, port, gin, prosecco, stout, vermouth, kirsch, triple sec, shaoxing wine, calvados
    """

  /// Words placed before a base, per group (`group: word|word`).
  static let modifiers = """
    sp: ground|whole|smoked|toasted|crushed|hot|sweet|mild|dried|organic|freshly ground|coarse|fine|roasted|cracked
    hb: fresh|dried|chopped|minced|organic|frozen|flat leaf|torn|whole|baby|wild
    vg: fresh|frozen|canned|chopped|diced|sliced|baby|organic|roasted|grilled|pickled|shredded|large|small|red|green|yellow|white|purple|raw|cooked|mashed|steamed|charred|heirloom|local
    fr: fresh|frozen|dried|canned|ripe|organic|sliced|diced|mashed|sweetened|unsweetened|seedless|pitted|peeled|candied|red|green|golden|black|wild|stewed
    mt: ground|lean|extra lean|boneless|smoked|cured|sliced|diced|cooked|thick cut|thinly sliced|organic|grass fed|spicy|italian|spanish|hickory smoked|free range|minced|aged
    po: boneless|skinless|boneless skinless|ground|roasted|smoked|cooked|shredded|diced|organic|free range|whole|rotisserie|corn fed
    sf: fresh|frozen|canned|smoked|raw|cooked|peeled|wild|jumbo|large|small|salted|dried|skinless|line caught
    da: whole|low fat|fat free|skimmed|organic|cold|warm|unsalted|salted|cultured|plain|light|heavy|room temperature|full fat
    ch: shredded|grated|crumbled|sliced|aged|sharp|mild|reduced fat|smoked|fresh|cubed|soft|vegetarian|extra mature|part skim
    eg: large|free range|organic|beaten|hard boiled|medium|pasteurised
    gr: whole wheat|brown|white|wild|instant|quick cooking|long grain|short grain|organic|toasted|stale|day old|gluten free|multigrain|plain|seasoned|wholegrain|sprouted
    pa: dried|fresh|whole wheat|gluten free|cooked|uncooked|spinach|jumbo|mini|wholegrain
    le: canned|dried|cooked|rinsed|firm|extra firm|silken|smoked|red|green|black|white|yellow|organic|sprouted
    nu: toasted|roasted|salted|unsalted|raw|chopped|slivered|sliced|ground|blanched|candied|crushed|whole|activated
    fa: extra virgin|light|cold pressed|toasted|refined|organic|garlic infused|chili infused|mild
    sa: low sodium|light|spicy|sweet|hot|mild|reduced fat|organic|homemade|thai|chinese|korean|japanese|mexican|italian|smoky|chunky|creamy|whole grain|aged
    sw: light|dark|semisweet|bittersweet|unsweetened|milk|white|raw|organic|mini|crushed|melted|powdered|granulated|caster|golden|pure|soft
    ba: active dry|instant|unflavored|double acting|pure|imitation|frozen|chilled|ready rolled|fast action
    li: hot|cold|boiling|warm|low sodium|unsalted|fresh|reduced|concentrated|clear|light|brewed|sparkling|canned|unsweetened|homemade
    al: dry|sweet|red|white|dark|light|spiced|cooking|rose|sparkling|fortified|irish|mexican|japanese|italian|french
    """

  /// Words placed after a base, per group: the form the food comes in.
  static let forms = """
    sp: powder|seeds|flakes|paste|blend|rub|pods
    hb: leaves|sprigs|stems|paste|flowers|oil
    vg: puree|slices|chunks|strips|florets|greens|juice|soup|tops|ribbons|wedges
    fr: juice|zest|puree|slices|jam|preserves|nectar|pie filling|chunks|halves|segments
    mt: steak|chops|roast|shoulder|loin|ribs|stock|broth|mince|strips|cubes|bones|tenderloin|fillet
    po: breast|thighs|wings|drumsticks|stock|broth|sausage|tenders|legs|carcass|mince
    sf: fillets|steaks|stock|meat|tails|roe|paste|sauce|chunks
    da: powder|solids|substitute
    ch: wedge|crumbles|slices|sauce|spread|rind
    eg: yolks|whites|wash
    gr: flour|bran|flakes|crumbs|cubes|pieces|rolls
    pa: shells|sheets|nests|twists
    le: flour|paste|puree|sprouts|curd
    nu: butter|flour|milk|oil|meal|pieces|halves|paste
    fa: spray|blend
    sa: packet|mix|dressing|glaze|marinade|dip
    sw: chips|chunks|syrup|sauce|bar|shavings|wafers|drops|buttons
    ba: mix|sheets|powder
    li: concentrate|cubes|granules|base|pods
    al: vinegar|reduction|glaze
    """

  /// Syllables for the long tail of brand-like names ("velorina mushroom").
  static let brandSyllables = [
    "ve", "lo", "ri", "na", "ta", "ko", "mi", "sar", "bel", "dun", "ora", "pi", "zen", "ka",
    "mo", "lu", "tre", "vin", "sol", "gar", "fe", "ne", "ost", "ru", "al", "der", "qui", "ma",
  ]
}
