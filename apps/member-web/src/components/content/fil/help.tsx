import { messages, PROFILE_PHOTO_MAX_BYTES, VIP_TRANSACTION_DIGITS } from '@app/contracts';
import { AppLink, BRAND_NAME } from '@app/ui';
import { inLanguage } from '../../../lib/language';
import { ContentPage, ContentSection, ListSection } from '../content-page';
import { type FaqEntry, FaqSection } from '../faq';
import { INLINE_LINK } from '../inline-link';
import { RULES } from '../rules';

function faqInFilipino(viewSeconds: number): FaqEntry[] {
  return [
    {
      question: 'Paano ako kikita?',
      answer: `Buksan ang Mga available na task at piliin ang Simulan ang pagbisita sa website sa isang task. Magbubukas ang partner website sa bagong tab; panatilihin itong bukas nang ${viewSeconds} segundo, tapos bumalik at kunin ang reward mo. Idadagdag ito agad sa available balance mo at ililista sa transaction history mo.`,
    },
    {
      question: 'Magkano ang bayad sa isang task?',
      answer: `Sa free plan, may sariling reward ang bawat task, nakalagay sa task card bago ka magsimula. Kapag may active kang VIP plan, ang reward ng plan kada task ang ibabayad sa bawat task.`,
    },
    {
      question: 'Ilang task ang puwede kong gawin kada araw?',
      answer: `${RULES.freeDailyTasks} task kada araw ang puwede sa mga free member at ${RULES.vipDailyTasks} sa mga VIP member. Nagsisimula ulit ang bilang pagsapit ng hatinggabi, oras sa Pilipinas. Makikita sa dashboard mo kung ilan pa ang natitira ngayong araw.`,
    },
    {
      question: 'Bakit hindi nagbayad ang isang task?',
      answer: `Nagbabayad ang task kapag sinimulan ito gamit ang Simulan ang pagbisita sa website at kinuha ang reward nang hindi bababa sa ${viewSeconds} segundo pagkatapos, habang may natitira ka pang task para sa araw na iyon. Isang beses lang nagbabayad ang bawat view; walang kita kapag masyadong maaga ang pagkuha o naabot mo na ang daily limit mo.`,
    },
    {
      question: 'Magkano ang minimum at maximum na payout?',
      answer: `Dapat nasa pagitan ng ${RULES.payoutMin} at ${RULES.payoutMax} ang bawat payout request, at hindi lalampas sa available balance mo. Puwede kang mag-send ng bagong request basta kaya ng balance mo.`,
    },
    {
      question: 'Anong mga payout method ang puwede kong gamitin?',
      answer: `${RULES.payoutMethods}. Ilagay ang number, e-mail o account kung saan dapat mapunta ang pera, at ang pangalan ng may-ari ng account, eksakto kung paano ito nakalagay sa wallet o bangko mo.`,
    },
    {
      question: 'Gaano katagal ang isang payout?',
      answer: `${inLanguage(messages.content.payoutProcessing)} Habang nire-review ang isang request, pending ang halaga nito. Kapag na-decline ang request, babalik ang halaga sa available balance mo.`,
    },
    {
      question: 'Kailangan ko bang bumili ng VIP o mag-invite ng kaibigan para makapag-withdraw?',
      answer:
        'Hindi. Hindi kailanman kailangang bumili para ma-withdraw ang kinita mo, at hindi rin kailangang mag-invite ng kahit sino. Pareho ang pag-request ng payout ng mga free member at VIP member.',
    },
    {
      question: 'Paano gumagana ang VIP?',
      answer: `Itinataas ng VIP plan ang daily limit mo sa ${RULES.vipDailyTasks} task at binabayaran ang reward ng plan sa bawat task, sa loob ng ${RULES.vipDays} araw. Magbayad sa G-CASH at ilagay ang ${VIP_TRANSACTION_DIGITS}-digit na reference number mula sa resibo mo: magsisimula ang plan pagka-verify ng team namin sa bayad. O magbayad mula sa available balance mo at magsisimula ito agad. Papalitan ng bagong plan ang kasalukuyan; pagkatapos ng isang plan, babalik ka sa free plan.`,
    },
    {
      question: 'Puwede ko bang gamitin nang dalawang beses ang isang G-CASH reference number?',
      answer:
        'Hindi. Isang VIP request lang ang puwede sa bawat reference number, at isang request lang ang puwedeng naghihintay ng approval sa isang pagkakataon.',
    },
    {
      question: 'Paano gumagana ang mga referral?',
      answer: `I-share ang link mo mula sa Referrals page. Kapag nag-sign up ang kaibigan mo gamit ito at natapos ang una niyang task, kikita ka ng ${RULES.referralBonus}. Kapag na-approve ang unang VIP plan ng kaibigan mo, kikita ka pa ng ${RULES.sponsorBonus}. Ang kaibigang sumali nang hindi ginamit ang link mo ay puwedeng maglagay ng code mo sa Referrals page niya, isang beses.`,
    },
    {
      question: 'Paano ko papalitan ang profile photo ko?',
      answer: `Sa Profile page mo, piliin ang Palitan ang photo at pumili ng JPEG, PNG, WebP o GIF na image na hanggang ${PROFILE_PHOTO_MAX_BYTES / (1024 * 1024)} MB.`,
    },
    {
      question: 'Bakit na-suspend ang account ko?',
      answer:
        'Sine-suspend ang mga account kapag may nakita ang mga check namin na gawaing hindi pinapayagan ng Mga tuntunin ng serbisyo, gaya ng maraming account para sa isang tao o automated na task view. Ang naka-suspend na account ay puwede pa ring mag-sign in at basahin ang history at mga mensahe nito, pero hindi puwedeng gumawa ng task, mag-request ng payout o bumili ng plan. Mag-message sa support sa chat para magtanong tungkol sa kaso mo.',
    },
    {
      question: 'Paano ko makakausap ang support?',
      answer: `Mag-sign in at buksan ang chat button sa kanang ibaba ng kahit anong page. ${inLanguage(messages.content.supportReplies)}`,
    },
  ];
}

/** The Help Center in Filipino (docs/architecture.md#two-languages): the same sections and anchors as the English page. */
export function HelpInFilipino({ viewSeconds }: { viewSeconds: number }) {
  return (
    <ContentPage title="Help Center" description="Mga sagot sa mga karaniwang tanong at mga paraan para makausap kami.">
      <ListSection id="how-it-works" title="Paano ito gumagana" numbered>
        <li>Mag-sign in. Gagawin ang libre mong account sa unang beses; wala kang babayaran.</li>
        <li>
          Buksan ang{' '}
          <AppLink href="/tasks" className={INLINE_LINK}>
            Mga available na task
          </AppLink>{' '}
          at magsimula ng task. Panatilihing bukas ang partner website nang {viewSeconds} segundo.
        </li>
        <li>
          Kunin ang reward: idadagdag ito sa available balance mo. Hanggang {RULES.freeDailyTasks} task kada araw ang mga free member,
          hanggang {RULES.vipDailyTasks} ang mga VIP member.
        </li>
        <li>
          Kapag umabot na sa {RULES.payoutMin} ang balance mo, mag-request ng payout sa page ng{' '}
          <AppLink href="/payouts" className={INLINE_LINK}>
            Mga payout
          </AppLink>
          . {inLanguage(messages.content.payoutProcessing)}
        </li>
      </ListSection>
      <FaqSection title="Mga madalas itanong" entries={faqInFilipino(viewSeconds)} />
      <ContentSection id="contact" title="Kausapin ang support">
        <p>
          Puwedeng mag-message ang mga naka-sign in na member sa support team namin mula sa chat button sa kanang ibaba ng bawat page.{' '}
          {inLanguage(messages.content.supportReplies)} Makikita mo ang sagot sa parehong chat, may badge sa button hanggang mabasa mo ito.
        </p>
        <p>
          Kapag nagtatanong ka tungkol sa isang transaksyon o payout, isama ang petsa, halaga at payment method nito. Hindi namin kailanman
          hihingin ang password mo, at hindi kailanman hihilingin ng staff ng {BRAND_NAME} na magbayad ka kaninuman para mailabas ang isang
          payout.
        </p>
      </ContentSection>
      <ContentSection id="community" title="Komunidad">
        <p>
          Pinapalaki ng mga member ang komunidad sa pag-invite ng mga kaibigan. I-share ang link mo mula sa page ng{' '}
          <AppLink href="/referrals" className={INLINE_LINK}>
            Mga referral
          </AppLink>{' '}
          at maging tapat kung paano gumagana ang platform: maliliit na halaga ang reward para sa maiikling task, hindi sweldo. Huwag
          kailanman pakiusapan ang mga tao na gumawa ng account na hindi nila gagamitin. Binabawi ang mga bonus na nakuha mula sa peke o
          dobleng account at puwedeng mauwi sa suspension.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
