import { BRAND_NAME } from '@app/ui';
import { ContentPage, ContentSection, ListSection } from '../content-page';

/** The Privacy Policy in Filipino (docs/architecture.md#two-languages): the same sections and anchors as the English page. */
export function PrivacyInFilipino({ showsAds }: { showsAds: boolean }) {
  return (
    <ContentPage title="Privacy Policy" description="Ano ang itinatago namin, bakit, at ang mga pagpipilian mo.">
      <ListSection id="data-we-collect" title="Ang impormasyong itinatago namin">
        <li>
          <strong>Detalye ng account</strong> mula sa sign-in mo: ang e-mail address mo at ang pangalan at apelyido mo.
        </li>
        <li>
          <strong>Ang profile photo mo</strong>, kung mag-upload ka.
        </li>
        <li>
          <strong>Aktibidad</strong> sa {BRAND_NAME}: ang mga task na sinimulan at tinapos mo at ang oras ng mga ito, ang mga VIP request mo
          at ang mga G-CASH reference number nila, ang mga kaibigang in-invite mo, ang mga mensahe mo sa support chat at kung aling
          notification ang nabasa mo na.
        </li>
        <li>
          <strong>Ang ledger mo</strong>: bawat kita, bonus, bili ng plan at payout, kasama ang payment details na inilagay mo sa bawat
          payout.
        </li>
      </ListSection>
      <ContentSection id="how-we-use-it" title="Paano namin ito ginagamit">
        <p>
          Ginagamit namin ang impormasyong ito para patakbuhin ang account mo: para idagdag ang mga reward at referral bonus, para i-review
          at ipadala ang mga payout, para i-verify ang mga bayad sa VIP, para sagutin ang mga mensahe mo sa support at para mahuli ang
          pandaraya gaya ng dobleng account.
        </p>
        <p>Hindi namin ibinebenta ang personal na impormasyon mo at hindi namin ito ginagamit sa mga advertising profile.</p>
      </ContentSection>
      <ContentSection id="sharing" title="Sino ang nakakakita nito">
        <p>
          Nakikita ng team namin ang kailangan nito para i-review ang mga payout, i-verify ang mga bayad sa VIP at sumagot sa support. Ang
          details ng isang payout ay ginagamit lang para ipadala ang payout na iyon gamit ang paraang pinili mo.
        </p>
        <p>
          Nakikita ng kaibigang in-invite mo ang pangalan mo at ang naka-mask na anyo ng e-mail address mo (gaya ng m***@example.com) sa
          page ng imbitasyon. Kung sumali ka sa pamamagitan ng referral, nakikita ka ng sponsor mo sa referral list niya sa pangalan at
          inisyal mo, o sa naka-mask na e-mail address kung wala kang nakatalang pangalan.
        </p>
      </ContentSection>
      <ContentSection id="cookies" title="Cookie Policy">
        <p>
          Dalawang cookie ang inilalagay ng {BRAND_NAME}: ang session cookie na nagpapanatiling naka-sign in ka, at ang cookie na
          nakakaalala sa wikang pinili mo nang isang taon. Walang personal na impormasyon ang mga ito. Kailangan ang session cookie para
          gumana ang site, at inaalis ito kapag nag-sign out ka o natapos ang session. Habang nagsa-sign in ka sa identity provider mo, may
          panandaliang cookie na nakakaalala sa sign-in na ginagawa pa, at inaalis ito agad kapag tapos na.
        </p>
        <p>
          May dalawa rin kaming maliit na tala sa session storage ng browser mo, na nabubura kapag isinara mo ang tab: ang referral code na
          sinundan mo bago mag-sign in, at kung aling mga anunsyo ang nakita mo na.
        </p>
        {showsAds && (
          <p>
            Ang mga advertising banner sa site na ito ay galing sa isang ad network na puwedeng maglagay ng sarili nitong cookies ayon sa
            sarili nitong privacy policy. Puwede mong i-block ang third-party cookies sa settings ng browser mo; gagana pa rin ang site.
          </p>
        )}
      </ContentSection>
      <ContentSection id="your-rights" title="Ang mga pagpipilian mo">
        <p>
          Ipinapakita ng profile mo ang impormasyon ng account na hawak namin, at ipinapakita ng history mo ang bawat transaksyon. Para
          itama ang impormasyon mo, o para isara ang account mo at ipabura ang personal data mo, mag-message sa support team namin sa chat.
          Puwedeng itago ang mga rekord ng payout at bayad hangga't kailangan ng batas.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
