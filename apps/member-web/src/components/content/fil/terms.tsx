import { messages } from '@app/contracts';
import { BRAND_NAME } from '@app/ui';
import { inLanguage } from '../../../lib/language';
import { ContentPage, ContentSection } from '../content-page';
import { RULES } from '../rules';

/** The Terms of Service in Filipino (docs/architecture.md#two-languages): the same sections and anchors as the English page. */
export function TermsInFilipino() {
  return (
    <ContentPage title="Mga tuntunin ng serbisyo" description={`Ang mga patakaran sa paggamit ng ${BRAND_NAME}.`}>
      <ContentSection id="eligibility" title="Sino ang puwedeng sumali">
        <p>
          Puwede mong gamitin ang {BRAND_NAME} kung 18 taong gulang ka na pataas at kaya mong tumanggap ng bayad sa sarili mong pangalan
          gamit ang isa sa mga payout method namin. Sa pag-sign in, tinatanggap mo ang mga tuntuning ito.
        </p>
      </ContentSection>
      <ContentSection id="accounts" title="Isang account bawat tao">
        <p>
          Isang account lang ang puwede sa bawat tao, naka-sign in gamit ang sarili niyang identity. Ikaw ang responsable sa lahat ng
          nangyayari sa sign-in mo; huwag itong i-share. Isinasara ang mga account na ginawa para sa ibang tao, sa pekeng pangalan o para
          makakuha ng dagdag na bonus.
        </p>
      </ContentSection>
      <ContentSection id="tasks" title="Mga task at reward">
        <p>
          May reward lang ang task na talagang ginawa mo: binisita mo ang partner website nang buong oras, pasok sa daily limit mo. Bawal
          ang bots, scripts, emulators, maraming account o anumang paraan ng pagtapos ng task nang walang taong tumitingin.
        </p>
      </ContentSection>
      <ContentSection id="payouts" title="Mga payout">
        <p>
          Dapat nasa pagitan ng {RULES.payoutMin} at {RULES.payoutMax} ang payout request at hindi lalampas sa available balance mo.{' '}
          {inLanguage(messages.content.payoutProcessing)} Puwedeng i-decline ng team namin ang isang request; babalik ang halaga sa balance
          mo. I-check ang payment details mo bago mag-send ng request: hindi na mababawi ang perang naipadala sa maling details na inilagay
          mo. Hindi kailanman kailangang bumili ng kahit ano para makapag-payout.
        </p>
      </ContentSection>
      <ContentSection id="vip" title="Mga VIP plan">
        <p>
          Optional ang mga VIP plan at tumatagal nang {RULES.vipDays} araw mula nang ma-activate. Ang plan na binayaran sa G-CASH ay
          magiging active kapag na-verify na ng team namin ang bayad; isang beses lang magagamit ang bawat G-CASH reference number. Active
          agad ang plan na binayaran mula sa kita mo. Papalitan ng bagong plan ang kasalukuyan, at hindi na ibabalik ang bayad sa mga hindi
          nagamit na araw ng napalitang plan.
        </p>
      </ContentSection>
      <ContentSection id="referrals" title="Mga referral">
        <p>
          Kikita ka ng {RULES.referralBonus} kapag natapos ng kaibigang sumali gamit ang code mo ang una niyang task, at{' '}
          {RULES.sponsorBonus} pa kapag na-approve ang unang VIP plan ng kaibigang iyon. Isang sponsor lang ang puwede sa bawat member, at
          isang beses lang ito itinatakda. Pandaraya ang pag-invite sa sarili mo, o sa mga taong hindi naman talaga gumagamit ng platform.
        </p>
      </ContentSection>
      <ContentSection id="fraud" title="Pandaraya at suspension">
        <p>
          Kapag may nakita kaming gawaing hindi pinapayagan ng mga tuntuning ito, puwede naming bawiin ang mga reward at bonus na nakuha
          mula rito, i-suspend ang account o isara ito. Ang naka-suspend na account ay puwedeng mag-sign in at tingnan ang history nito,
          pero hindi puwedeng gumawa ng task, mag-request ng payout o bumili ng plan hanggang maalis ang suspension. Para magtanong tungkol
          sa suspension, mag-message sa support sa chat. {inLanguage(messages.content.supportReplies)}
        </p>
      </ContentSection>
      <ContentSection id="disclaimer" title="Disclaimer">
        <p>
          Ang {BRAND_NAME} ay hindi investment, trabaho o alok ng employment. Nakadepende ang kita sa mga available na task at sa mga task
          na natatapos mo; walang ipinapangakong halaga ng kita, at puwedeng mas kaunti ang task sa ilang araw kaysa sa iba.
        </p>
        <p>
          Ibang kumpanya ang nagpapatakbo ng mga partner website. Hindi namin kontrolado ang laman nila at hindi kami responsable sa
          ginagawa mo roon; huwag kailanman maglagay ng password o payment details sa partner website para matapos ang isang task.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
